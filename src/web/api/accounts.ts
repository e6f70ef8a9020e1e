import { useCallback } from "react";
import useSWR from "swr";
import type { AccountFields } from "../../core/accounts/accounts.ts";
import type { toAccountJson } from "../../server/json/account-json.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest, fetchCountedList, type CountedList } from "./client";
import { DUPLICATES_PATH } from "./duplicates";
import { firstOrderParams, LISTS_PATH, type FirstOrderWindow } from "./lists";
import { TASKS_PATH } from "./tasks";

const ACCOUNTS_PATH = "/api/accounts";

/**
 * An account as GET /api/accounts lists it and its changes answer it: money in dollars, times as ISO strings.
 * The server always sends hasDuplicate; it stays optional here, absent counting as no, so that accounts
 * made up on this side (test fixtures) need not state it.
 */
export type Account = Omit<ReturnType<typeof toAccountJson>, "hasDuplicate"> & { hasDuplicate?: boolean };

export const ACCOUNT_STATUSES = ["active", "prospect", "dormant"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** How recently an account was added, in days. */
export const ACCOUNT_TIMEFRAMES = [14, 30, 90] as const;
export type AccountTimeframe = (typeof ACCOUNT_TIMEFRAMES)[number];

export const ACCOUNT_SORT_COLUMNS = ["name", "lastOrderDate", "orderCount", "totalOrderValue"] as const;
export type AccountSortColumn = (typeof ACCOUNT_SORT_COLUMNS)[number];

export type SortDirection = "asc" | "desc";

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
  sort: AccountSortColumn;
  direction: SortDirection;
  limit: number;
  offset: number;
}

/** The fields a person types in to add or edit an account go to core as they are; null clears an optional one. */
export type { AccountFields };

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
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.timeframe) params.set("timeframe", String(query.timeframe));
  if (query.showDuplicates) params.set("showDuplicates", "true");
  if (query.listType) params.set("listType", query.listType);
  for (const [name, value] of firstOrderParams(query.firstOrder ?? {})) params.set(name, value);
  params.set("sort", query.sort);
  params.set("dir", query.direction);
  params.set("limit", String(query.limit));
  params.set("offset", String(query.offset));
  return `${ACCOUNTS_PATH}?${params}`;
}

/**
 * The lists' counts and totals are figures of their accounts: a change to accounts changes them too.
 * So do tasks: they show account names, and the task automation adds some when accounts or contacts are added.
 * And so does the count of possible duplicates: adding, editing or merging accounts looks for them again.
 */
const ACCOUNT_PATHS = [ACCOUNTS_PATH, LISTS_PATH, TASKS_PATH, DUPLICATES_PATH] as const;

/**
 * Makes every read of accounts fetch again: lists, pages, an account's detail, orders, timeline, notes and
 * possible duplicates, the lists' figures, the tasks and the duplicates count.
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
