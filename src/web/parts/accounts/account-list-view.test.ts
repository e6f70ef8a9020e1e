import { describe, expect, test } from "bun:test";
import { filtersOf, hasFilters, listQueryOf, NO_FILTERS, ORDER_CHOICES, orderChoiceOf, orderedBy, searchFromView, viewFromSearch, withFilters, type AccountListView } from "./account-list-view";
import { pageRange, sortedBy } from "../../ui/paging";

const DEFAULT_VIEW: AccountListView = { sort: "name", dir: "asc", page: 1 };

describe("viewFromSearch", () => {
  test("an empty query string is the default view: all accounts by name, first page", () => {
    expect(viewFromSearch(new URLSearchParams())).toEqual({ ...DEFAULT_VIEW, status: undefined, timeframe: undefined, showDuplicates: false, reorder: undefined });
  });

  test("reads filters, sort and page", () => {
    expect(viewFromSearch(new URLSearchParams("status=dormant&timeframe=30&showDuplicates=true&reorder=lapsed&sort=orderCount&dir=desc&page=3"))).toEqual({
      status: "dormant",
      timeframe: "30",
      showDuplicates: true,
      reorder: "lapsed",
      sort: "orderCount",
      dir: "desc",
      page: 3,
    });
  });

  test("ignores unknown values instead of failing", () => {
    expect(viewFromSearch(new URLSearchParams("status=gone&timeframe=7&showDuplicates=yes&reorder=soon&sort=email&dir=up&page=-2"))).toEqual({
      ...DEFAULT_VIEW,
      status: undefined,
      timeframe: undefined,
      showDuplicates: false,
      reorder: undefined,
    });
    expect(viewFromSearch(new URLSearchParams("page=2.5")).page).toBe(1);
  });
});

describe("searchFromView", () => {
  test("leaves defaults out", () => {
    expect(searchFromView(DEFAULT_VIEW).toString()).toBe("");
  });

  test("round-trips through viewFromSearch", () => {
    const view: AccountListView = { status: "prospect", timeframe: "90", showDuplicates: true, reorder: "due", sort: "totalOrderValue", dir: "desc", page: 4 };
    const search = searchFromView(view);
    expect(search.toString()).toBe("status=prospect&timeframe=90&showDuplicates=true&reorder=due&sort=totalOrderValue&dir=desc&page=4");
    expect(viewFromSearch(search)).toEqual(view);
  });
});

describe("sortedBy", () => {
  test("a new column sorts ascending from the first page", () => {
    const onPage5: AccountListView = { ...DEFAULT_VIEW, dir: "desc", page: 5 };
    expect(sortedBy(onPage5, "lastOrderDate")).toEqual({
      sort: "lastOrderDate",
      dir: "asc",
      page: 1,
    });
  });

  test("the sorted column flips direction", () => {
    const once = sortedBy(DEFAULT_VIEW, "name");
    expect(once.dir).toBe("desc");
    expect(sortedBy(once, "name").dir).toBe("asc");
  });
});

describe("withFilters", () => {
  test("goes back to the first page and keeps the sort", () => {
    expect(withFilters({ sort: "orderCount", dir: "desc", page: 7 }, { status: "active", timeframe: "14" })).toEqual({
      status: "active",
      timeframe: "14",
      sort: "orderCount",
      dir: "desc",
      page: 1,
    });
  });
});

describe("hasFilters", () => {
  test("the duplicates toggle is a filter, and 'Clear filters' turns it off too", () => {
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, showDuplicates: true })).toBe(true);
    expect(hasFilters(withFilters({ ...DEFAULT_VIEW, showDuplicates: true, status: "active" }, NO_FILTERS))).toBe(false);
  });

  test("a reorder band is a filter, which 'Clear filters' clears too", () => {
    expect(hasFilters({ ...DEFAULT_VIEW, reorder: "at-risk" })).toBe(true);
    expect(hasFilters(withFilters({ ...DEFAULT_VIEW, reorder: "at-risk" }, NO_FILTERS))).toBe(false);
  });
});

describe("listQueryOf", () => {
  test("asks the server for a page of the chosen size from the page's offset, with the screen's filters", () => {
    const view: AccountListView = { status: "active", showDuplicates: true, reorder: "due", sort: "name", dir: "asc", page: 3 };
    expect(listQueryOf(filtersOf(view), view, 10)).toEqual({
      status: "active",
      timeframe: undefined,
      showDuplicates: true,
      reorder: "due",
      sort: "name",
      dir: "asc",
      limit: 10,
      offset: 20,
    });
    expect(listQueryOf(filtersOf(view), view, 50)).toMatchObject({ limit: 50, offset: 100 });
  });
});

describe("pageRange", () => {
  test("numbers the rows a page shows", () => {
    expect(pageRange(1, 25, 10)).toEqual({ from: 1, to: 10, pageCount: 3 });
    expect(pageRange(3, 25, 10)).toEqual({ from: 21, to: 25, pageCount: 3 });
    expect(pageRange(1, 25, 25)).toEqual({ from: 1, to: 25, pageCount: 1 });
  });

  test("an empty list has one empty page", () => {
    expect(pageRange(1, 0, 10)).toEqual({ from: 0, to: 0, pageCount: 1 });
  });
});

describe("the phone's sort picker", () => {
  test("offers each sortable column both ways, and a choice shows its first page", () => {
    expect(ORDER_CHOICES).toHaveLength(8);
    expect(orderChoiceOf(DEFAULT_VIEW)).toBe("name:asc");
    expect(ORDER_CHOICES.map((choice) => choice.value)).toContain("totalOrderValue:desc");
    expect(orderedBy({ ...DEFAULT_VIEW, page: 4, status: "active" }, "lastOrderDate:desc")).toEqual({ sort: "lastOrderDate", dir: "desc", page: 1, status: "active" });
  });
});
