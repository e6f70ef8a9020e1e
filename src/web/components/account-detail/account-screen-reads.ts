import { useState } from "react";
import { preload, useSWRConfig } from "swr";
import { accountDetailUrl, accountOrdersKey } from "../../api/account-detail";
import { fetchAsKept } from "../../api/client";
import { accountActivityKey } from "../../api/activity";
import { duplicateCandidatesUrl } from "../../api/duplicates";
import { accountNotesUrl } from "../../api/notes";
import { ORDERS_PAGE_SIZE } from "./order-display";

/** The newest timeline entries shown at first; the rest are a click away, so the card does not run on for pages. */
export const FIRST_ENTRIES_SHOWN = 10;

/** What an account's screen reads first: its detail, its first orders and timeline entries, its notes, and its possible duplicates. */
export function accountScreenReads(accountId: number): string[] {
  return [
    accountDetailUrl(accountId),
    accountOrdersKey(accountId, ORDERS_PAGE_SIZE, 0),
    accountActivityKey(accountId, FIRST_ENTRIES_SHOWN, 0),
    accountNotesUrl(accountId),
    duplicateCandidatesUrl(accountId),
  ];
}

/**
 * Asks for everything the account screen shows first as it mounts, before its first render has painted,
 * rather than each card asking once the detail has come: one round trip, not two. Reads already in SWR's
 * cache are not asked for again: a preloaded answer waits for the next read of its key, and one left
 * waiting would be what a later refresh gets.
 */
export function useAccountScreenReadsAhead(accountId: number): void {
  const { cache } = useSWRConfig();
  useState(() => {
    for (const url of accountScreenReads(accountId)) if (cache.get(url)?.data === undefined) void preload(url, fetchAsKept);
  });
}
