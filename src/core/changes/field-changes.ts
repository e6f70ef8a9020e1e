import { createHash } from "node:crypto";
import { MASKED_VALUE, type AuditFieldChange } from "../../contracts/audit.ts";

/** A field's value before and after a change, as people read it: an owner's name, a list's name, a date. */
export type FieldChange = AuditFieldChange;
export type FieldValue = FieldChange["old"];

/** Text longer than this is kept as its start and a hash: enough to tell versions apart, not a copy of it. */
const LONG_TEXT = 80;

/**
 * A note's text, or any long text, as the audit keeps it: the first 80 characters, an ellipsis and the
 * first 12 hex digits of its SHA-256, so that two versions can be told apart without the trail holding
 * every version of every note.
 */
export function summarizedText(text: string | null): string | null {
  if (text === null || text.length <= LONG_TEXT) return text;
  return `${text.slice(0, LONG_TEXT)}… (sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 12)})`;
}

/** A secret's change, saying only that it changed: never its value, nor any of its characters. */
export function maskedChange(field: string, hadValue: boolean): FieldChange {
  return { field, old: hadValue ? MASKED_VALUE : null, new: MASKED_VALUE };
}

/** The fields whose value differs between `before` and `after`, in the order given, named by `labels`. */
export function fieldChanges<Key extends string>(
  before: { readonly [key in Key]?: unknown },
  after: { readonly [key in Key]?: unknown },
  keys: readonly Key[],
  labels: Partial<Record<Key, string>> = {},
): FieldChange[] {
  return keys.flatMap((key) => {
    const [old, value] = [asFieldValue(before[key]), asFieldValue(after[key])];
    return old === value ? [] : [{ field: labels[key] ?? key, old, new: value }];
  });
}

/** A value as the audit keeps it: a date as ISO 8601 in UTC, long text summarised. */
function asFieldValue(value: unknown): FieldValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return summarizedText(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

/** "phone from 412-690-4025 to (412) 690-4025": a change as the timeline words it. */
export function describeFieldChange({ field, old, new: value }: FieldChange): string {
  return `${field} from ${shown(old)} to ${shown(value)}`;
}

function shown(value: FieldValue): string {
  return value === null || value === "" ? "none" : String(value);
}
