import { useCallback } from "react";
import useSWR from "swr";
import type { Account, AccountChanges, AccountListQuery as AccountListParams, AccountSort, AccountStatus, AccountTimeframe, SortDirection } from "../../contracts/accounts.ts";
import { ANALYTICS_PATH, type ReorderBand } from "../../contracts/analytics.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, apiUrl, fetchCountedList, type CountedList } from "./client";
import { DUPLICATES_PATH } from "./duplicates";
import { LISTS_PATH, type FirstOrderWindow } from "./lists";
import { TASKS_PATH } from "./tasks";

export { ACCOUNT_SORTS as ACCOUNT_SORT_COLUMNS, ACCOUNT_STATUSES, ACCOUNT_TIMEFRAMES } from "../../contracts/accounts.ts";
export type { Account, AccountStatus, AccountTimeframe, SortDirection };
export type AccountSortColumn = AccountSort;

/** The fields a person types in to add or edit an account; null clears an optional one. */
export type AccountFields = AccountChanges;

export const ACCOUNTS_PATH = "/api/accounts";

/** What to ask GET /api/accounts for. */
export interface AccountListQuery {
  status?: AccountStatus;
  timeframe?: AccountTimeframe;
  /** Only the accounts that may be duplicates of others. */
  showDuplicates?: boolean;
  /** Only the accounts in this list, by its key. */
  listType?: string;
  /** Only the accounts whose first order falls in this window. */
  firstOrder?: FirstOrderWindow;
  /** Only the accounts in this reorder band today. */
  reorder?: ReorderBand;
  sort: AccountSortColumn;
  direction: SortDirection;
  limit: number;
  offset: number;
}

export function useAccountList(query: AccountListQuery) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<CountedList<Account>, unknown, string>(
    accountListUrl(query),
    fetchCountedList,
    // A new page, filter or sort keeps the rows on screen until the answer replaces them: no layout jump.
    { keepPreviousData: true },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  return { accountList: data, error, isLoading, isValidating, retry };
}

/** The list URL with absent filters left out, in the parameter names of the accounts contract. */
export function accountListUrl(query: AccountListQuery): string {
  return apiUrl(ACCOUNTS_PATH, {
    status: query.status,
    timeframe: query.timeframe,
    showDuplicates: query.showDuplicates || undefined,
    listType: query.listType || undefined,
    from: query.firstOrder?.from || undefined,
    to: query.firstOrder?.to || undefined,
    reorder: query.reorder,
    sort: query.sort,
    dir: query.direction,
    limit: query.limit,
    offset: query.offset,
  } satisfies AccountListParams);
}

/**
 * The lists' counts and totals are figures of their accounts: a change to accounts changes them too.
 * So do tasks: they show account names, and the task automation adds some when accounts or contacts are added.
 * And so does the count of possible duplicates: adding, editing or merging accounts looks for them again.
 * And so do the analytics: an import brings orders, a merge makes two customers one, clearing data empties them.
 */
const ACCOUNT_PATHS = [ACCOUNTS_PATH, LISTS_PATH, TASKS_PATH, DUPLICATES_PATH, ANALYTICS_PATH] as const;

/**
 * Makes every read of accounts fetch again: lists, pages, an account's detail, orders, timeline, notes and
 * possible duplicates, the lists' figures, the tasks, the duplicates count and the analytics.
 */
export function useRefreshAccounts(): () => Promise<void> {
  return useRefreshReads(ACCOUNT_PATHS);
}

export function createAccount(fields: AccountFields): Promise<Account> {
  return apiRequest<Account>("POST", ACCOUNTS_PATH, fields);
}

export function updateAccount(id: number, changes: AccountFields): Promise<Account> {
  return apiRequest<Account>("PATCH", `${ACCOUNTS_PATH}/${id}`, changes);
}

/** How a screen asks to move an account to another list. */
export type ListTypeChange = (id: number, listType: string) => Promise<Account>;

/** The accounts table and the lists screen send PATCH. */
export const changeAccountListType: ListTypeChange = (id, listType) =>
  apiRequest<Account>("PATCH", `${ACCOUNTS_PATH}/${id}/list-type`, { listType });

/** The account screen sends POST to the same path, as the product always has; the server treats both alike. */
export const setAccountListTypeFromDetail: ListTypeChange = (id, listType) =>
  apiRequest<Account>("POST", `${ACCOUNTS_PATH}/${id}/list-type`, { listType });

export function clearAllAccountData(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>("DELETE", "/api/admin/clear-all-data");
}
