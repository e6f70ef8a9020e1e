import {
  ACCOUNT_SORT_COLUMNS,
  ACCOUNT_TIMEFRAMES,
  type AccountFilters,
  type AccountListQuery,
  type AccountSortColumn,
  type AccountTimeframe,
  type SortDirection,
} from "../../api/accounts";
import { ACCOUNT_OWNER_FILTER_PATTERN } from "../../../contracts/accounts.ts";
import { REORDER_BANDS, type ReorderBand } from "../../../contracts/analytics.ts";
import type { SortedPage } from "../../ui/paging";

export type SortedAccountsPage = SortedPage<AccountSortColumn>;

/**
 * Whose accounts a table shows: `me`, `none` (Unassigned), `all`, or a team member's user id, as the
 * API's `owner` filter names them.
 */
export type OwnerChoice = string;

/** A sales rep starts on their own accounts; an administrator on everyone's. */
export function defaultOwnerFor(user: { role: string } | null | undefined): OwnerChoice {
  return user?.role === "sales" ? "me" : "all";
}

/** What the accounts screen shows. It lives in the URL's query string, so reload and Back keep it. */
export interface AccountListView extends SortedAccountsPage {
  /** Text to find, as the header search finds it: name, e-mail, domain, phone, order number. */
  q?: string;
  /** A list's key. */
  list?: string;
  owner: OwnerChoice;
  timeframe?: AccountTimeframe;
  /** The 'Potential Duplicates' toggle: only accounts that may be duplicates of others. */
  showDuplicates?: boolean;
  /** Only the accounts in this reorder band today: the Analytics screen's reorder radar links here. */
  reorder?: ReorderBand;
}

export type AccountListFilters = Pick<AccountListView, "q" | "list" | "owner" | "timeframe" | "showDuplicates" | "reorder">;

/** What 'Clear filters' goes back to: every account, whoever owns it. */
export const NO_FILTERS: AccountListFilters = { q: undefined, list: undefined, owner: "all", timeframe: undefined, showDuplicates: false, reorder: undefined };

const DEFAULT_ORDER: SortedAccountsPage = { sort: "name", dir: "asc", page: 1 };
const OWNER_CHOICE = new RegExp(ACCOUNT_OWNER_FILTER_PATTERN);

/** Reads the view from a query string; anything missing or unknown takes its default (the owner: `defaultOwner`). */
export function viewFromSearch(search: URLSearchParams, defaultOwner: OwnerChoice = "all"): AccountListView {
  const page = Number(search.get("page"));
  const owner = search.get("owner");
  return {
    q: search.get("q")?.trim() || undefined,
    list: search.get("list") || undefined,
    owner: owner !== null && OWNER_CHOICE.test(owner) ? owner : defaultOwner,
    timeframe: ACCOUNT_TIMEFRAMES.find((days) => String(days) === search.get("timeframe")),
    showDuplicates: search.get("showDuplicates") === "true",
    reorder: REORDER_BANDS.find((band) => band === search.get("reorder")),
    sort: ACCOUNT_SORT_COLUMNS.find((column) => column === search.get("sort")) ?? DEFAULT_ORDER.sort,
    dir: search.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 1 ? page : DEFAULT_ORDER.page,
  };
}

/**
 * The query string of a view; defaults are left out so that the plain /accounts URL is the default view.
 * The owner is written whenever it is not the user's default: a rep's "All owners" is owner=all.
 */
export function searchFromView(view: AccountListView, defaultOwner: OwnerChoice = "all"): URLSearchParams {
  const search = new URLSearchParams();
  if (view.q) search.set("q", view.q);
  if (view.list) search.set("list", view.list);
  if (view.owner !== defaultOwner) search.set("owner", view.owner);
  if (view.timeframe) search.set("timeframe", String(view.timeframe));
  if (view.showDuplicates) search.set("showDuplicates", "true");
  if (view.reorder) search.set("reorder", view.reorder);
  if (view.sort !== DEFAULT_ORDER.sort) search.set("sort", view.sort);
  if (view.dir !== DEFAULT_ORDER.dir) search.set("dir", view.dir);
  if (view.page !== DEFAULT_ORDER.page) search.set("page", String(view.page));
  return search;
}

/** The accounts the screen's filters match, as its page, its export and its bulk actions ask for them. */
export function filtersOf(view: AccountListFilters): AccountFilters {
  return {
    q: view.q,
    list: view.list,
    owner: view.owner === "all" ? undefined : view.owner,
    timeframe: view.timeframe,
    showDuplicates: view.showDuplicates,
    reorder: view.reorder,
  };
}

/** What to ask GET /api/accounts for: one page of the accounts the filters match, in the table's order. */
export function listQueryOf(filters: AccountFilters, view: SortedAccountsPage, pageSize: number): AccountListQuery {
  return { ...filters, sort: view.sort, dir: view.dir, limit: pageSize, offset: (view.page - 1) * pageSize };
}

/** New filters show their first page. */
export function withFilters<View extends SortedAccountsPage>(view: View, filters: Partial<AccountListFilters>): View {
  return { ...view, ...filters, page: 1 };
}

/**
 * The filters on, each as staff would say it ('Owner: Me'), for the count on the Filters button and the
 * empty result's sentence. Names of lists and people come from `names`.
 */
export function filtersOn(view: Partial<AccountListFilters>, names: { list: (key: string) => string; owner: (choice: OwnerChoice) => string }): string[] {
  const on: string[] = [];
  if (view.q) on.push(`Text: “${view.q}”`);
  if (view.list) on.push(`List: ${names.list(view.list)}`);
  if (view.owner !== undefined && view.owner !== "all") on.push(`Owner: ${names.owner(view.owner)}`);
  if (view.timeframe) on.push(`Added: last ${view.timeframe} days`);
  if (view.reorder) on.push(`Reorder: ${view.reorder}`);
  if (view.showDuplicates) on.push("Potential duplicates");
  return on;
}

export function hasFilters(view: Partial<AccountListFilters>): boolean {
  return filtersOn(view, { list: String, owner: String }).length > 0;
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
