import { useCallback, useMemo } from "react";
import useSWR from "swr";
import type { LoggedActivityKind as CoreLoggedActivityKind } from "../../core/activity/activity.ts";
import type { toActivityJson } from "../../server/json/activity-json.ts";
import { accountDetailUrl } from "./account-detail";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, fetchCountedList, type CountedList } from "./client";

/**
 * Kinds staff log by hand. Core's own list is not imported, as it would bring core's database code into
 * the dashboard; satisfies keeps this copy within the kinds core accepts.
 */
export const LOGGED_ACTIVITY_KINDS = ["call", "email", "meeting", "other"] as const satisfies readonly CoreLoggedActivityKind[];
export type LoggedActivityKind = (typeof LOGGED_ACTIVITY_KINDS)[number];

/**
 * A timeline entry. Its kind is a change core records (ChangeKind), a LoggedActivityKind, or one added later;
 * actorName is null for changes nobody signed in made, such as orders arriving by webhook.
 */
export type ActivityEntry = ReturnType<typeof toActivityJson>;

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
