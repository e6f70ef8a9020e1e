import { useCallback } from "react";
import useSWR from "swr";
import {
  ACCOUNT_BULK_PATH,
  ACCOUNT_EXPORT_PATH,
  BULK_CHANGES_PATH,
  CLEAR_ALL_DATA_PATH,
  type BulkChangeUndone,
  type ClearAllDataBody,
  type Account,
  type AccountChanges,
  type AccountExportQuery as AccountExportParams,
  type AccountFilterQuery,
  type AccountListQuery as AccountListParams,
  type AccountSelection as BulkSelection,
  type AccountSort,
  type AccountStatus,
  type AccountTimeframe,
  type BulkAccountAction,
  type BulkAccountsResult,
  type SortDirection,
} from "../../contracts/accounts.ts";
import { ANALYTICS_PATH } from "../../contracts/analytics.ts";
import { RECYCLE_BIN_PATH } from "../../contracts/recycle-bin.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, apiUrl, fetchCountedList, type CountedList } from "./client";
import { DUPLICATES_PATH } from "./duplicates";
import { LISTS_PATH } from "./lists";
import { TASKS_PATH } from "./tasks";
import type { ACCOUNT_PAGE_SIZES as ACCOUNT_PAGE_SIZES_OFFERED } from "../../contracts/accounts.ts";

export {
  ACCOUNT_PAGE_SIZES,
  ACCOUNT_SORTS as ACCOUNT_SORT_COLUMNS,
  ACCOUNT_STATUSES,
  ACCOUNT_TIMEFRAMES,
  DEFAULT_ACCOUNT_PAGE_SIZE,
  MAX_SELECTED_ACCOUNTS,
} from "../../contracts/accounts.ts";
export type { Account, AccountStatus, AccountTimeframe, BulkAccountAction, BulkAccountsResult, BulkSelection, SortDirection };
export type AccountSortColumn = AccountSort;
export type AccountPageSize = (typeof ACCOUNT_PAGE_SIZES_OFFERED)[number];

/** The fields a person types in to add or edit an account; null clears an optional one. */
export type AccountFields = AccountChanges;

export const ACCOUNTS_PATH = "/api/accounts";

/**
 * Which accounts a table shows over all its pages: its page, its export and its bulk actions share them.
 * The accounts contract's own shape and names, as the server and core take them.
 */
export type AccountFilters = AccountFilterQuery;

/** The order of a table, and of its export. */
export interface AccountOrder {
  sort: AccountSortColumn;
  dir: SortDirection;
}

/** What to ask GET /api/accounts for. */
export interface AccountListQuery extends AccountFilters, AccountOrder {
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

/** The list URL with absent filters left out. */
export function accountListUrl(query: AccountListQuery): string {
  return apiUrl(ACCOUNTS_PATH, { ...accountFilterParams(query), sort: query.sort, dir: query.dir, limit: query.limit, offset: query.offset } satisfies AccountListParams);
}

/**
 * The filters as a URL or a bulk action's 'all matching' sends them: those nobody chose (blank, or a toggle
 * off) are undefined, which neither a URL (apiUrl) nor JSON carries.
 */
export function accountFilterParams(filters: AccountFilters): AccountFilters {
  return {
    status: filters.status,
    timeframe: filters.timeframe,
    q: filters.q || undefined,
    showDuplicates: filters.showDuplicates || undefined,
    list: filters.list || undefined,
    owner: filters.owner || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    reorder: filters.reorder,
  };
}

/**
 * The CSV of every account the filters match, all pages, in the table's order; or of just the accounts
 * named, in that order. A plain link: the browser sends the session cookie and saves the attachment.
 */
export function accountExportUrl(accounts: { filters: AccountFilters } | { ids: readonly number[] }, order: AccountOrder): string {
  const which = "ids" in accounts ? { ids: accounts.ids.join(",") } : accountFilterParams(accounts.filters);
  return apiUrl(ACCOUNT_EXPORT_PATH, { ...which, sort: order.sort, dir: order.dir } satisfies AccountExportParams);
}

/**
 * The lists' counts and totals are figures of their accounts: a change to accounts changes them too.
 * So do tasks: they show account names, and the task automation adds some when accounts or contacts are added.
 * And so does the count of possible duplicates: adding, editing or merging accounts looks for them again.
 * And so do the analytics: an import brings orders, a merge makes two customers one, clearing data empties them.
 * And so does the recycle bin: it names the accounts of deleted notes and contacts, and clearing data empties it.
 */
const ACCOUNT_PATHS = [ACCOUNTS_PATH, LISTS_PATH, TASKS_PATH, DUPLICATES_PATH, ANALYTICS_PATH, RECYCLE_BIN_PATH] as const;

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

/** One action on many accounts, in one request: the ones ticked, or every account the filters match. */
export function updateAccountsInBulk(selection: BulkSelection, action: BulkAccountAction): Promise<BulkAccountsResult> {
  return apiRequest<BulkAccountsResult>("POST", ACCOUNT_BULK_PATH, { selection, action });
}

/** `confirm` is the company name the administrator typed; the server refuses anything else. */
export function clearAllAccountData(confirm: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>("DELETE", CLEAR_ALL_DATA_PATH, { confirm } satisfies ClearAllDataBody);
}

/** Undoes a bulk list or owner change (within 30 days): accounts changed since are left as they are. */
export function undoBulkChange(bulkChangeId: number): Promise<BulkChangeUndone> {
  return apiRequest<BulkChangeUndone>("POST", `${BULK_CHANGES_PATH}/${bulkChangeId}/undo`);
}
