import { displayPhone } from "../../contracts/phones.ts";
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

/** "phone from (412) 690-4025 to (412) 690-4026": a change as the timeline words it, phones as people read them. */
export function describeFieldChange({ field, old, new: value }: FieldChange): string {
  return `${field} from ${shown(field, old)} to ${shown(field, value)}`;
}

function shown(field: string, value: FieldValue): string {
  if (value === null || value === "") return "none";
  return field === "phone" && typeof value === "string" ? displayPhone(value) : String(value);
}

/** A setting's name that says it holds a secret: its value never reaches the audit trail. */
const SECRET_NAME = /password|secret|token|key/i;

/**
 * A setting's change, field by field: an object's fields flattened ('welcome.dueInDays'), a secret's
 * (ShipStation's API key and secret, any password, secret, token or key) masked, before and after.
 */
export function settingChanges(name: string, before: unknown, after: unknown): FieldChange[] {
  const [old, value] = [flatten(name, before), flatten(name, after)];
  const fields = [...new Set([...old.keys(), ...value.keys()])];
  return fields.flatMap((field) => {
    const [was, is] = [old.get(field) ?? null, value.get(field) ?? null];
    if (was === is) return [];
    return [SECRET_NAME.test(field) ? maskedChange(field, was !== null) : { field, old: was, new: is }];
  });
}

function flatten(prefix: string, value: unknown, into = new Map<string, FieldValue>()): Map<string, FieldValue> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(`${prefix}.${key}`, inner, into);
  } else if (value !== undefined) {
    into.set(prefix, asFieldValue(value));
  }
  return into;
}
