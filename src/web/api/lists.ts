import { useCallback } from "react";
import useSWR from "swr";
import type { toListJson, toListSummaryJson } from "../../server/json/list-json.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest } from "./client";

export const LISTS_PATH = "/api/lists";

/**
 * A list accounts can be put in: one of the built-in New, Active and Legacy, which cannot be renamed or
 * deleted, or one staff added. Its key is what accounts store as their listType; it never changes.
 */
export type ListDefinition = ReturnType<typeof toListJson>;

/**
 * A list as GET /api/lists answers it, with the figures of its accounts: count and the order figures are
 * over those whose first order falls in the window (all without one), totalCount over all of them.
 */
export type ListSummary = ReturnType<typeof toListSummaryJson>;

/** The lists screen's filter: New York calendar dates (YYYY-MM-DD), both inclusive, either one optional. */
export interface FirstOrderWindow {
  from?: string;
  to?: string;
}

/** What staff type in to create or edit a list; a blank description is stored as none. */
export interface ListFields {
  name: string;
  description: string;
}

export interface BulkAssignment {
  emails: string[];
  /** The key of the list the accounts go to. */
  listType: string;
}

/** What POST /api/accounts/bulk-assign-list answers. */
export interface BulkAssignOutcome {
  /** 'Moved 3 of 4 matched accounts to Active' */
  message: string;
  results: {
    /** Distinct valid e-mails sent. */
    totalEmails: number;
    /** Distinct accounts the e-mails matched, by the account's own address or a contact's. */
    accountsFound: number;
    /** Accounts that were in another list and have been moved. */
    accountsUpdated: number;
    notFoundEmails: string[];
  };
}

/**
 * Every list, built-in ones first, with its figures over the window. Kept on screen while a change or
 * a new window refetches them, so the cards and tabs do not blink.
 */
export function useListSummaries(firstOrderWindow: FirstOrderWindow = {}) {
  const { data, error, mutate } = useSWR<ListSummary[]>(listSummariesUrl(firstOrderWindow), { keepPreviousData: true });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { lists: data, error, retry };
}

/** Every list, for the list selects; the same read as the unfiltered lists screen, so it is fetched once. */
export function useLists(): ListDefinition[] | undefined {
  return useListSummaries().lists;
}

export function listSummariesUrl(firstOrderWindow: FirstOrderWindow): string {
  const params = firstOrderParams(firstOrderWindow);
  return params.size === 0 ? LISTS_PATH : `${LISTS_PATH}?${params}`;
}

/** The window as query parameters, leaving out the dates nobody chose. */
export function firstOrderParams(firstOrderWindow: FirstOrderWindow): URLSearchParams {
  const params = new URLSearchParams();
  if (firstOrderWindow.from) params.set("from", firstOrderWindow.from);
  if (firstOrderWindow.to) params.set("to", firstOrderWindow.to);
  return params;
}

const LIST_PATHS = [LISTS_PATH] as const;

/** Refetches the lists, after one is added or renamed; accounts are not affected by either. */
export function useRefreshLists(): () => Promise<void> {
  return useRefreshReads(LIST_PATHS);
}

export function createList(fields: ListFields): Promise<ListDefinition> {
  return apiRequest<ListDefinition>("POST", LISTS_PATH, fields);
}

export function updateList(key: string, fields: ListFields): Promise<ListDefinition> {
  return apiRequest<ListDefinition>("PATCH", `${LISTS_PATH}/${encodeURIComponent(key)}`, fields);
}

/** The list's accounts move to New. */
export function deleteList(key: string): Promise<{ accountsMoved: number }> {
  return apiRequest<{ accountsMoved: number }>("DELETE", `${LISTS_PATH}/${encodeURIComponent(key)}`);
}

export function bulkAssignList(assignment: BulkAssignment): Promise<BulkAssignOutcome> {
  return apiRequest<BulkAssignOutcome>("POST", "/api/accounts/bulk-assign-list", assignment);
}
