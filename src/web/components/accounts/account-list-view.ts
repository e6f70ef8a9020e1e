import {
  ACCOUNT_SORT_COLUMNS,
  ACCOUNT_STATUSES,
  ACCOUNT_TIMEFRAMES,
  type AccountListQuery,
  type AccountSortColumn,
  type AccountStatus,
  type AccountTimeframe,
  type SortDirection,
} from "../../api/accounts";
import { REORDER_BANDS, type ReorderBand } from "../../../contracts/analytics.ts";

export const ACCOUNTS_PAGE_SIZE = 10;

/** The sort and page of a table that the server sorts and pages. */
export interface SortedPage<Column extends string> {
  sort: Column;
  direction: SortDirection;
  /** Counted from 1. */
  page: number;
}

export type SortedAccountsPage = SortedPage<AccountSortColumn>;

/** What the accounts screen shows. It lives in the URL's query string, so reload and Back keep it. */
export interface AccountListView extends SortedAccountsPage {
  status?: AccountStatus;
  timeframe?: AccountTimeframe;
  /** The 'Potential Duplicates' toggle: only accounts that may be duplicates of others. */
  showDuplicates?: boolean;
  /** Only the accounts in this reorder band today: the Analytics screen's reorder radar links here. */
  reorder?: ReorderBand;
}

export type AccountListFilters = Pick<AccountListView, "status" | "timeframe" | "showDuplicates" | "reorder">;

/** What 'Clear filters' goes back to. */
export const NO_FILTERS: AccountListFilters = { status: undefined, timeframe: undefined, showDuplicates: false, reorder: undefined };

const DEFAULT_VIEW: AccountListView = { sort: "name", direction: "asc", page: 1 };

/** Reads the view from a query string; anything missing or unknown takes its default. */
export function viewFromSearch(search: URLSearchParams): AccountListView {
  const page = Number(search.get("page"));
  return {
    status: ACCOUNT_STATUSES.find((status) => status === search.get("status")),
    timeframe: ACCOUNT_TIMEFRAMES.find((days) => String(days) === search.get("timeframe")),
    showDuplicates: search.get("showDuplicates") === "true",
    reorder: REORDER_BANDS.find((band) => band === search.get("reorder")),
    sort: ACCOUNT_SORT_COLUMNS.find((column) => column === search.get("sort")) ?? DEFAULT_VIEW.sort,
    direction: search.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 1 ? page : DEFAULT_VIEW.page,
  };
}

/** The query string of a view; defaults are left out so that the plain /accounts URL is the default view. */
export function searchFromView(view: AccountListView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.status) search.set("status", view.status);
  if (view.timeframe) search.set("timeframe", String(view.timeframe));
  if (view.showDuplicates) search.set("showDuplicates", "true");
  if (view.reorder) search.set("reorder", view.reorder);
  if (view.sort !== DEFAULT_VIEW.sort) search.set("sort", view.sort);
  if (view.direction !== DEFAULT_VIEW.direction) search.set("dir", view.direction);
  if (view.page !== DEFAULT_VIEW.page) search.set("page", String(view.page));
  return search;
}

export function listQueryOf(view: AccountListView): AccountListQuery {
  return {
    status: view.status,
    timeframe: view.timeframe,
    showDuplicates: view.showDuplicates,
    reorder: view.reorder,
    sort: view.sort,
    direction: view.direction,
    limit: ACCOUNTS_PAGE_SIZE,
    offset: (view.page - 1) * ACCOUNTS_PAGE_SIZE,
  };
}

/** New filters show their first page. */
export function withFilters(view: AccountListView, filters: AccountListFilters): AccountListView {
  return { ...view, ...filters, page: 1 };
}

export function hasFilters(view: AccountListView): boolean {
  return view.status !== undefined || view.timeframe !== undefined || view.showDuplicates === true || view.reorder !== undefined;
}

/** A click on a column header: a new column sorts ascending, the sorted one flips. Either way back to page 1. */
export function sortedBy<View extends SortedPage<string>>(view: View, column: View["sort"]): View {
  const direction = view.sort === column && view.direction === "asc" ? "desc" : "asc";
  return { ...view, sort: column, direction, page: 1 };
}

export function onPage<View extends SortedPage<string>>(view: View, page: number): View {
  return { ...view, page };
}

/** Where a page sits in the whole list, rows counted from 1: 'Showing {from} to {to} of {total}'. */
export function pageRange(page: number, total: number, pageSize: number = ACCOUNTS_PAGE_SIZE): { from: number; to: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return { from: 0, to: 0, pageCount };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), pageCount };
}
