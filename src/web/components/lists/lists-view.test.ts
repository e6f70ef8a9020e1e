import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../../api/lists";
import { listQueryOf } from "../../parts/accounts/account-list-view";
import { sortedBy } from "../../ui/paging";
import {
  firstOrderFilterOf,
  isFiltered,
  listsViewFromSearch,
  shownListOf,
  searchFromListsView,
  tabFiltersOf,
  withFirstOrderDates,
  withList,
  type ListsView,
} from "./lists-view";

const DEFAULT_VIEW: ListsView = { list: undefined, q: undefined, owner: "all", from: "", to: "", sort: "name", dir: "asc", page: 1 };

describe("listsViewFromSearch", () => {
  test("an empty query string is the first tab, unfiltered, by name", () => {
    expect(listsViewFromSearch(new URLSearchParams())).toEqual(DEFAULT_VIEW);
  });

  test("reads the tab, the dates, the sort and the page", () => {
    expect(listsViewFromSearch(new URLSearchParams("list=wholesale&q=lab&owner=none&from=2026-01-01&to=2026-03-31&sort=orderCount&dir=desc&page=2"))).toEqual({
      list: "wholesale",
      q: "lab",
      owner: "none",
      from: "2026-01-01",
      to: "2026-03-31",
      sort: "orderCount",
      dir: "desc",
      page: 2,
    });
  });

  test("ignores dates that are not YYYY-MM-DD", () => {
    expect(listsViewFromSearch(new URLSearchParams("from=01/02/2026&to=soon"))).toEqual(DEFAULT_VIEW);
  });
});

describe("searchFromListsView", () => {
  test("leaves defaults out", () => {
    expect(searchFromListsView(DEFAULT_VIEW).toString()).toBe("");
  });

  test("round-trips through listsViewFromSearch", () => {
    const view: ListsView = { list: "legacy", q: "414", owner: "me", from: "2025-06-01", to: "", sort: "totalOrderValue", dir: "desc", page: 3 };
    const search = searchFromListsView(view);
    expect(search.toString()).toBe("list=legacy&from=2025-06-01&q=414&owner=me&sort=totalOrderValue&dir=desc&page=3");
    expect(listsViewFromSearch(search)).toEqual(view);
  });
});

describe("sorting a tab", () => {
  test("a new column starts ascending, the sorted one toggles, and either goes back to the first page", () => {
    const onPage3 = { ...DEFAULT_VIEW, list: "active", page: 3 };
    const byLastOrder = sortedBy(onPage3, "lastOrderDate");
    expect(byLastOrder).toEqual({ ...onPage3, sort: "lastOrderDate", dir: "asc", page: 1 });
    expect(sortedBy(byLastOrder, "lastOrderDate").dir).toBe("desc");
    expect(sortedBy(sortedBy(byLastOrder, "lastOrderDate"), "lastOrderDate").dir).toBe("asc");
  });
});

describe("withList and withFirstOrderDates", () => {
  test("go back to the first page and keep the sort", () => {
    const view: ListsView = { ...DEFAULT_VIEW, sort: "orderCount", dir: "desc", page: 4 };
    expect(withList(view, "legacy")).toEqual({ ...view, list: "legacy", page: 1 });
    expect(withFirstOrderDates(view, { from: "2026-01-01", to: "" })).toEqual({ ...view, from: "2026-01-01", page: 1 });
  });
});

describe("firstOrderFilterOf", () => {
  test("sends the dates chosen, either one alone", () => {
    expect(firstOrderFilterOf({ from: "2026-01-01", to: "2026-01-31" })).toEqual({ window: { from: "2026-01-01", to: "2026-01-31" }, problem: null });
    expect(firstOrderFilterOf({ from: "", to: "2026-01-31" })).toEqual({ window: { from: undefined, to: "2026-01-31" }, problem: null });
    expect(firstOrderFilterOf({ from: "2026-01-31", to: "2026-01-31" }).problem).toBeNull();
  });

  test("sends nothing, and says why, when From is after To", () => {
    expect(firstOrderFilterOf({ from: "2026-02-01", to: "2026-01-31" })).toEqual({ window: {}, problem: "The From date is after the To date." });
  });
});

describe("isFiltered", () => {
  test("is true with either date", () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ from: undefined, to: undefined })).toBe(false);
    expect(isFiltered({ to: "2026-01-31" })).toBe(true);
  });
});

describe("shownListOf", () => {
  const lists: ListDefinition[] = [
    { key: "new", name: "New", description: null, builtIn: true },
    { key: "vip", name: "VIP", description: null, builtIn: false },
  ];

  test("is the list the view names, else the first one", () => {
    expect(shownListOf(lists, "vip")?.key).toBe("vip");
    expect(shownListOf(lists, "deleted")?.key).toBe("new");
    expect(shownListOf(lists, undefined)?.key).toBe("new");
    expect(shownListOf([], "vip")).toBeUndefined();
  });
});

describe("tabFiltersOf", () => {
  test("asks for the list's accounts within the filter, on every page", () => {
    const view: ListsView = { ...DEFAULT_VIEW, sort: "totalOrderValue", dir: "desc", page: 2 };
    expect(listQueryOf(tabFiltersOf("active", { from: "2026-01-01" }), view, 25)).toEqual({
      list: "active",
      from: "2026-01-01",
      sort: "totalOrderValue",
      dir: "desc",
      limit: 25,
      offset: 25,
    });
  });
});
