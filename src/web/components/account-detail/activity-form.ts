import { LOGGED_ACTIVITY_KINDS, type LoggedActivityKind } from "../../api/activity";
import type { SelectOption } from "../../ui/Select";

const KIND_LABELS: Record<LoggedActivityKind, string> = { call: "Call", email: "E-mail", meeting: "Meeting", other: "Other" };

export const LOGGED_ACTIVITY_OPTIONS: readonly SelectOption[] = LOGGED_ACTIVITY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));

export function loggedActivityKindOf(value: string): LoggedActivityKind {
  return LOGGED_ACTIVITY_KINDS.find((kind) => kind === value) ?? "other";
}
