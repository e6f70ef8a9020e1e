import { useCallback, useMemo } from "react";
import useSWR from "swr";
import { accountDetailUrl } from "./account-detail";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, fetchCountedList, type CountedList } from "./client";

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

/** One page of an account's timeline, newest first, with the number of all its entries; kept on screen while a change refetches it. */
export function useAccountActivity(accountId: number, limit: number, offset: number) {
  const { data, error, mutate } = useSWR<CountedList<ActivityEntry>, unknown, string>(
    `${activityUrl(accountId)}?limit=${limit}&offset=${offset}`,
    fetchCountedList,
    { keepPreviousData: true },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { activityPage: data, error, retry };
}

/** Refetches every page of the account's timeline read so far, after something is added to it. */
export function useRefreshAccountActivity(accountId: number): () => Promise<void> {
  const paths = useMemo(() => [activityUrl(accountId)], [accountId]);
  return useRefreshReads(paths);
}

export function logActivity(accountId: number, activity: LoggedActivity): Promise<ActivityEntry> {
  return apiRequest<ActivityEntry>("POST", activityUrl(accountId), activity);
}

/** Where an account's timeline is read and written. */
export function activityUrl(accountId: number): string {
  return `${accountDetailUrl(accountId)}/activity`;
}
