import { LOGGED_ACTIVITY_KINDS, type LoggedActivityKind } from "../../api/activity";
import type { SelectOption } from "../../ui/Select";

const KIND_LABELS: Record<LoggedActivityKind, string> = { call: "Call", email: "E-mail", meeting: "Meeting", other: "Other" };

export const LOGGED_ACTIVITY_OPTIONS: readonly SelectOption[] = LOGGED_ACTIVITY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

export function loggedActivityKindOf(value: string): LoggedActivityKind {
  return LOGGED_ACTIVITY_KINDS.find((kind) => kind === value) ?? "other";
}

/** A date as a datetime-local input holds it: 'YYYY-MM-DDTHH:mm' in the browser's time zone. */
export function dateTimeLocalValue(date: Date): string {
  const pad = (part: number) => String(part).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names, in the browser's time zone, as the ISO text the server reads. */
export function isoFromDateTimeLocal(value: string): string {
  return new Date(value).toISOString();
}
