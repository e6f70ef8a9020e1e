import { displayPhone } from "../../format/phone";
import type { ActorSource, AuditEntry, AuditFieldChange } from "../../api/audit";

/** How each source reads in the Who filter and beside a name. */
export const SOURCE_LABELS: Record<ActorSource, string> = {
  user: "Staff in the dashboard",
  command_line: "Command line",
  import: "Imports",
  webhook: "ShipStation webhook",
  backfill: "ShipStation backfill",
  system: "System",
};

/** 'list_changed' → 'List changed'. */
export function wordsOf(code: string): string {
  const words = code.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'phone: (412) 690-4025 → (412) 690-4026', phones as people read them; an empty value reads as a dash. */
export function describeFieldChange({ field, old, new: value }: AuditFieldChange): string {
  return `${field}: ${shown(field, old)} → ${shown(field, value)}`;
}

function shown(field: string, value: AuditFieldChange["old"]): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return field === "phone" && typeof value === "string" ? displayPhone(value) : String(value);
}

/** Who made the change, and how when it was not in the dashboard: 'Ann (Imports)'. */
export function describeActor(entry: Pick<AuditEntry, "actorName" | "actorSource">): string {
  if (entry.actorSource === "user") return entry.actorName;
  const source = SOURCE_LABELS[entry.actorSource];
  return entry.actorName === source ? entry.actorName : `${entry.actorName} (${source})`;
}
