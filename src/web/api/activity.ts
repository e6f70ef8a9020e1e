import { useCallback } from "react";
import useSWR from "swr";
import { accountDetailUrl } from "./account-detail";
import { apiRequest } from "./client";

/** Kinds the server records when something changes. */
export type ChangeActivityKind =
  | "account_created"
  | "account_updated"
  | "list_changed"
  | "contact_added"
  | "contact_updated"
  | "note_added"
  | "note_edited"
  | "note_deleted"
  | "orders_imported"
  | "orders_received";

/** Kinds staff log by hand. */
export const LOGGED_ACTIVITY_KINDS = ["call", "email", "meeting", "other"] as const;
export type LoggedActivityKind = (typeof LOGGED_ACTIVITY_KINDS)[number];

export interface ActivityEntry {
  id: number;
  /** A ChangeActivityKind or LoggedActivityKind; kinds added later arrive as other strings. */
  kind: string;
  summary: string;
  /** Null for changes nobody signed in made, such as orders arriving by webhook. */
  actorName: string | null;
  /** ISO date-time. */
  occurredAt: string;
}

export interface LoggedActivity {
  kind: LoggedActivityKind;
  summary: string;
  /** ISO date-time; the server uses the current time without it. */
  date: string;
}

/** An account's timeline, newest first; kept on screen while a change refetches it. */
export function useAccountActivity(accountId: number) {
  const { data, error, mutate } = useSWR<ActivityEntry[]>(`${accountDetailUrl(accountId)}/activity`, { keepPreviousData: true });
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { activity: data, error, refresh };
}

export function logActivity(accountId: number, activity: LoggedActivity): Promise<ActivityEntry> {
  return apiRequest<ActivityEntry>("POST", `${accountDetailUrl(accountId)}/activity`, activity);
}
