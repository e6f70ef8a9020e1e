import type { AccountFilters } from "../../api/accounts";
import type { FirstOrderWindow, ListDefinition } from "../../api/lists";
import { filtersOf, searchFromView, viewFromSearch, type AccountListView, type SortedAccountsPage } from "../../parts/accounts/account-list-view";

/**
 * What the lists screen shows: the tab, the first-order-date filter, and the open tab's sort and page.
 * It lives in the URL's query string, so reload and Back keep it.
 */
export interface ListsView extends SortedAccountsPage, Pick<AccountListView, "q" | "owner"> {
  /** The open tab's list key; the first list when absent. */
  list?: string;
  /** YYYY-MM-DD, as a date input gives it; empty when not chosen. */
  from: string;
  to: string;
}

/** The filter to send, or why the dates chosen cannot be: the dates are then ignored, not guessed at. */
export interface FirstOrderFilter {
  window: FirstOrderWindow;
  problem: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the view from a query string; anything missing or unreadable takes its default. */
export function listsViewFromSearch(search: URLSearchParams): ListsView {
  // Every owner's accounts unless chosen: the tabs count them all.
  const { sort, dir, page, q, owner } = viewFromSearch(search);
  return {
    list: search.get("list") || undefined,
    q,
    owner,
    from: isoDateOrEmpty(search.get("from")),
    to: isoDateOrEmpty(search.get("to")),
    sort,
    dir,
    page,
  };
}

/** The query string of a view; defaults are left out so that the plain /lists URL is the default view. */
export function searchFromListsView(view: ListsView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.list) search.set("list", view.list);
  if (view.from) search.set("from", view.from);
  if (view.to) search.set("to", view.to);
  for (const [name, value] of searchFromView(view)) search.set(name, value);
  return search;
}

/** Another tab opens on its first page, sorted as the last one was. */
export function withList(view: ListsView, list: string): ListsView {
  return { ...view, list, page: 1 };
}

/** New text or owner to filter the tab by shows its first page. */
export function withTabFilters(view: ListsView, filters: Partial<Pick<ListsView, "q" | "owner">>): ListsView {
  return { ...view, ...filters, page: 1 };
}

/** New dates show the first page: the old page may be past the end of the filtered list. */
export function withFirstOrderDates(view: ListsView, dates: { from: string; to: string }): ListsView {
  return { ...view, from: dates.from, to: dates.to, page: 1 };
}

export function firstOrderFilterOf(view: Pick<ListsView, "from" | "to">): FirstOrderFilter {
  if (view.from && view.to && view.from > view.to) return { window: {}, problem: "The From date is after the To date." };
  return { window: { from: view.from || undefined, to: view.to || undefined }, problem: null };
}

export function isFiltered(firstOrderWindow: FirstOrderWindow): boolean {
  return Boolean(firstOrderWindow.from || firstOrderWindow.to);
}

/** The list whose tab is open: the one the view names, else the first (after its list was deleted, say). */
export function shownListOf<T extends ListDefinition>(lists: readonly T[], key: string | undefined): T | undefined {
  return lists.find((list) => list.key === key) ?? lists[0];
}

/** The accounts a tab shows over all its pages, exports and acts on in bulk: the list's, within the date filter, with the text and owner chosen. */
export function tabFiltersOf(listKey: string, firstOrderWindow: FirstOrderWindow, chosen: Pick<ListsView, "q" | "owner"> = { owner: "all" }): AccountFilters {
  const { q, owner } = filtersOf(chosen);
  return { list: listKey, from: firstOrderWindow.from, to: firstOrderWindow.to, q, owner };
}

function isoDateOrEmpty(text: string | null): string {
  return text && ISO_DATE.test(text) ? text : "";
}
