import { useCallback } from "react";
import useSWR from "swr";
import {
  BULK_ASSIGN_LIST_PATH,
  LISTS_PATH,
  type BulkAssignBody,
  type BulkAssignResult,
  type FirstOrderWindow,
  type ListDefinition,
  type ListDeletion,
  type ListSummary,
  type NewListBody,
} from "../../contracts/lists.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, apiUrl } from "./client";

export { AUTOMATIC_LIST_CHOICE, BUILT_IN_LIST_KEYS, LISTS_PATH } from "../../contracts/lists.ts";
export type { BuiltInListKey, FirstOrderWindow, ListDefinition, ListDeletion, ListSummary, BulkAssignResult as BulkAssignOutcome } from "../../contracts/lists.ts";

/** What staff type in to create or edit a list: the form always sends a description, blank for none. */
export type ListFields = NewListBody & { description: string };

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

/** The lists' figures, within a first-order window; the dates nobody chose are left out. */
export function listSummariesUrl({ from, to }: FirstOrderWindow): string {
  return apiUrl(LISTS_PATH, { from: from || undefined, to: to || undefined } satisfies FirstOrderWindow);
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

/** The list's accounts go back to the activity rules. */
export function deleteList(key: string): Promise<ListDeletion> {
  return apiRequest<ListDeletion>("DELETE", `${LISTS_PATH}/${encodeURIComponent(key)}`);
}

export function bulkAssignList(assignment: BulkAssignBody): Promise<BulkAssignResult> {
  return apiRequest<BulkAssignResult>("POST", BULK_ASSIGN_LIST_PATH, assignment);
}
