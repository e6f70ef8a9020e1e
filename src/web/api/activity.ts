import { useCallback, useMemo } from "react";
import useSWR from "swr";
import type { ActivityEntry, NewActivityBody } from "../../contracts/activity.ts";
import { accountDetailUrl } from "./account-detail";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, fetchCountedList, type CountedList } from "./client";

export { LOGGED_ACTIVITY_KINDS } from "../../contracts/activity.ts";
export type { ActivityEntry, LoggedActivityKind, NewActivityBody as LoggedActivity } from "../../contracts/activity.ts";

/** One page of an account's timeline, newest first, with the number of all its entries; kept on screen while a change refetches it. */
export function useAccountActivity(accountId: number, limit: number, offset: number) {
  const { data, error, mutate } = useSWR<CountedList<ActivityEntry>, unknown, string>(
    accountActivityKey(accountId, limit, offset),
    fetchCountedList,
    { keepPreviousData: true },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { activityPage: data, error, retry };
}

/** What a page of an account's timeline is read and remembered as. */
export function accountActivityKey(accountId: number, limit: number, offset: number): string {
  return `${activityUrl(accountId)}?limit=${limit}&offset=${offset}`;
}

/** Refetches every page of the account's timeline read so far, after something is added to it. */
export function useRefreshAccountActivity(accountId: number): () => Promise<void> {
  const paths = useMemo(() => [activityUrl(accountId)], [accountId]);
  return useRefreshReads(paths);
}

export function logActivity(accountId: number, activity: NewActivityBody): Promise<ActivityEntry> {
  return apiRequest<ActivityEntry>("POST", activityUrl(accountId), activity);
}

/** Where an account's timeline is read and written. */
export function activityUrl(accountId: number): string {
  return `${accountDetailUrl(accountId)}/activity`;
}
