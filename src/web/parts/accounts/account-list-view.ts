import {
  ACCOUNT_SORT_COLUMNS,
  ACCOUNT_STATUSES,
  ACCOUNT_TIMEFRAMES,
  type AccountFilters,
  type AccountListQuery,
  type AccountSortColumn,
  type AccountStatus,
  type AccountTimeframe,
  type SortDirection,
} from "../../api/accounts";
import { REORDER_BANDS, type ReorderBand } from "../../../contracts/analytics.ts";
import type { SortedPage } from "../../ui/paging";

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

const DEFAULT_VIEW: AccountListView = { sort: "name", dir: "asc", page: 1 };

/** Reads the view from a query string; anything missing or unknown takes its default. */
export function viewFromSearch(search: URLSearchParams): AccountListView {
  const page = Number(search.get("page"));
  return {
    status: ACCOUNT_STATUSES.find((status) => status === search.get("status")),
    timeframe: ACCOUNT_TIMEFRAMES.find((days) => String(days) === search.get("timeframe")),
    showDuplicates: search.get("showDuplicates") === "true",
    reorder: REORDER_BANDS.find((band) => band === search.get("reorder")),
    sort: ACCOUNT_SORT_COLUMNS.find((column) => column === search.get("sort")) ?? DEFAULT_VIEW.sort,
    dir: search.get("dir") === "desc" ? "desc" : "asc",
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
  if (view.dir !== DEFAULT_VIEW.dir) search.set("dir", view.dir);
  if (view.page !== DEFAULT_VIEW.page) search.set("page", String(view.page));
  return search;
}

/** The accounts the screen's filters match, as its page, its export and its bulk actions ask for them. */
export function filtersOf(view: AccountListView): AccountFilters {
  return { status: view.status, timeframe: view.timeframe, showDuplicates: view.showDuplicates, reorder: view.reorder };
}

/** What to ask GET /api/accounts for: one page of the accounts the filters match, in the table's order. */
export function listQueryOf(filters: AccountFilters, view: SortedAccountsPage, pageSize: number): AccountListQuery {
  return { ...filters, sort: view.sort, dir: view.dir, limit: pageSize, offset: (view.page - 1) * pageSize };
}

/** New filters show their first page. */
export function withFilters(view: AccountListView, filters: AccountListFilters): AccountListView {
  return { ...view, ...filters, page: 1 };
}

export function hasFilters(view: AccountListView): boolean {
  return view.status !== undefined || view.timeframe !== undefined || view.showDuplicates === true || view.reorder !== undefined;
}

type AccountOrderChoice = Pick<SortedAccountsPage, "sort" | "dir">;

const ORDER_LABELS: Readonly<Record<AccountSortColumn, Record<SortDirection, string>>> = {
  name: { asc: "Name, A to Z", desc: "Name, Z to A" },
  lastOrderDate: { asc: "Last order, oldest first", desc: "Last order, newest first" },
  orderCount: { asc: "Total orders, fewest first", desc: "Total orders, most first" },
  totalOrderValue: { asc: "Order value, lowest first", desc: "Order value, highest first" },
  owner: { asc: "Owner, A to Z", desc: "Owner, Z to A" },
};

/** The phone's sort picker, where there are no column headers to click: each sortable column both ways. */
export const ORDER_CHOICES: readonly { value: string; label: string }[] = ACCOUNT_SORT_COLUMNS.flatMap((sort) =>
  (["asc", "desc"] as const).map((dir) => ({ value: orderChoiceOf({ sort, dir }), label: ORDER_LABELS[sort][dir] })),
);

export function orderChoiceOf(order: AccountOrderChoice): string {
  return `${order.sort}:${order.dir}`;
}

/** The sort a picker's choice names; a new order shows its first page, as a header click does. */
export function orderedBy<View extends SortedAccountsPage>(view: View, choice: string): View {
  const [sort, dir] = choice.split(":");
  return {
    ...view,
    sort: ACCOUNT_SORT_COLUMNS.find((column) => column === sort) ?? view.sort,
    dir: dir === "desc" ? "desc" : "asc",
    page: 1,
  };
}
