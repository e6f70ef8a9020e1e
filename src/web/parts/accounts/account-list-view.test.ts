import { describe, expect, test } from "bun:test";
import { defaultOwnerFor, filtersOf, filtersOn, hasFilters, listQueryOf, NO_FILTERS, ORDER_CHOICES, orderChoiceOf, orderedBy, searchFromView, viewFromSearch, withFilters, type AccountListView } from "./account-list-view";
import { pageNumbersAround, pageRange, sortedBy } from "../../ui/paging";

const DEFAULT_VIEW: AccountListView = { sort: "name", dir: "asc", page: 1, owner: "all" };
const NOTHING_CHOSEN = { q: undefined, list: undefined, timeframe: undefined, showDuplicates: false, reorder: undefined };

describe("viewFromSearch", () => {
  test("an empty query string is the default view: all accounts by name, first page; a sales rep's own", () => {
    expect(viewFromSearch(new URLSearchParams())).toEqual({ ...DEFAULT_VIEW, ...NOTHING_CHOSEN });
    expect(viewFromSearch(new URLSearchParams(), defaultOwnerFor({ role: "sales" })).owner).toBe("me");
    expect(defaultOwnerFor({ role: "admin" })).toBe("all");
  });

  test("reads filters, sort and page, with the API's names", () => {
    expect(viewFromSearch(new URLSearchParams("q=+414 479+&list=legacy&owner=7&timeframe=30&showDuplicates=true&reorder=lapsed&sort=owner&dir=desc&page=3"))).toEqual({
      q: "414 479",
      list: "legacy",
      owner: "7",
      timeframe: "30",
      showDuplicates: true,
      reorder: "lapsed",
      sort: "owner",
      dir: "desc",
      page: 3,
    });
    expect(viewFromSearch(new URLSearchParams("owner=all"), "me").owner).toBe("all");
    expect(viewFromSearch(new URLSearchParams("owner=none"), "me").owner).toBe("none");
  });

  test("ignores unknown values instead of failing; the Status filter is gone", () => {
    expect(viewFromSearch(new URLSearchParams("status=dormant&owner=bob&timeframe=7&showDuplicates=yes&reorder=soon&sort=email&dir=up&page=-2"), "me")).toEqual({
      ...DEFAULT_VIEW,
      ...NOTHING_CHOSEN,
      owner: "me",
    });
    expect(viewFromSearch(new URLSearchParams("page=2.5")).page).toBe(1);
  });
});

describe("searchFromView", () => {
  test("leaves defaults out, the owner when it is the user's default", () => {
    expect(searchFromView(DEFAULT_VIEW).toString()).toBe("");
    expect(searchFromView({ ...DEFAULT_VIEW, owner: "me" }, "me").toString()).toBe("");
    expect(searchFromView({ ...DEFAULT_VIEW, owner: "all" }, "me").toString()).toBe("owner=all");
    expect(searchFromView({ ...DEFAULT_VIEW, owner: "me" }, "all").toString()).toBe("owner=me");
  });

  test("round-trips through viewFromSearch", () => {
    const view: AccountListView = { q: "SO-1", list: "active", owner: "none", timeframe: "90", showDuplicates: true, reorder: "due", sort: "totalOrderValue", dir: "desc", page: 4 };
    const search = searchFromView(view, "me");
    expect(search.toString()).toBe("q=SO-1&list=active&owner=none&timeframe=90&showDuplicates=true&reorder=due&sort=totalOrderValue&dir=desc&page=4");
    expect(viewFromSearch(search, "me")).toEqual(view);
  });
});

describe("sortedBy", () => {
  test("a new column sorts ascending from the first page", () => {
    const onPage5: AccountListView = { ...DEFAULT_VIEW, dir: "desc", page: 5 };
    expect(sortedBy(onPage5, "lastOrderDate")).toEqual({
      owner: "all",
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
    expect(withFilters({ ...DEFAULT_VIEW, sort: "orderCount", dir: "desc", page: 7 }, { list: "active", timeframe: "14" })).toEqual({
      list: "active",
      owner: "all",
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
    expect(hasFilters(withFilters({ ...DEFAULT_VIEW, showDuplicates: true, list: "active", owner: "me", q: "lab" }, NO_FILTERS))).toBe(false);
  });

  test("a reorder band is a filter, which 'Clear filters' clears too", () => {
    expect(hasFilters({ ...DEFAULT_VIEW, reorder: "at-risk" as const })).toBe(true);
    expect(hasFilters(withFilters({ ...DEFAULT_VIEW, reorder: "at-risk" as const }, NO_FILTERS))).toBe(false);
  });
});

describe("filtersOn", () => {
  test("says each filter on as staff would, for the Filters count and the empty result", () => {
    const names = { list: (key: string) => (key === "legacy" ? "Legacy" : key), owner: (choice: string) => (choice === "7" ? "Bob" : choice) };
    expect(filtersOn(DEFAULT_VIEW, names)).toEqual([]);
    expect(filtersOn({ ...DEFAULT_VIEW, q: "414", list: "legacy", owner: "7", showDuplicates: true }, names)).toEqual([
      "Text: “414”",
      "List: Legacy",
      "Owner: Bob",
      "Potential duplicates",
    ]);
  });
});

describe("listQueryOf", () => {
  test("asks the server for a page of the chosen size from the page's offset, with the screen's filters; All owners is no owner filter", () => {
    const view: AccountListView = { q: "lab", list: "active", owner: "all", showDuplicates: true, reorder: "due", sort: "name", dir: "asc", page: 3 };
    expect(listQueryOf(filtersOf(view), view, 10)).toEqual({
      q: "lab",
      list: "active",
      owner: undefined,
      timeframe: undefined,
      showDuplicates: true,
      reorder: "due",
      sort: "name",
      dir: "asc",
      limit: 10,
      offset: 20,
    });
    expect(listQueryOf(filtersOf(view), view, 50)).toMatchObject({ limit: 50, offset: 100 });
    expect(filtersOf({ ...view, owner: "me" }).owner).toBe("me");
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

describe("pageNumbersAround", () => {
  test("the first, the last and those around the current page, with gaps", () => {
    expect(pageNumbersAround(1, 1, 2)).toEqual([1]);
    expect(pageNumbersAround(1, 2000, 2)).toEqual([1, 2, 3, "gap", 2000]);
    expect(pageNumbersAround(500, 2000, 2)).toEqual([1, "gap", 498, 499, 500, 501, 502, "gap", 2000]);
    expect(pageNumbersAround(5, 2000, 0)).toEqual([1, "gap", 5, "gap", 2000]);
    expect(pageNumbersAround(2000, 2000, 0)).toEqual([1, "gap", 2000]);
  });

  test("a gap of one page shows the page instead", () => {
    expect(pageNumbersAround(4, 7, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbersAround(3, 5, 0)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("the phone's sort picker", () => {
  test("offers each sortable column both ways, and a choice shows its first page", () => {
    expect(ORDER_CHOICES).toHaveLength(10);
    expect(orderChoiceOf(DEFAULT_VIEW)).toBe("name:asc");
    expect(ORDER_CHOICES.map((choice) => choice.value)).toContain("totalOrderValue:desc");
    expect(orderedBy({ ...DEFAULT_VIEW, page: 4, list: "active" }, "lastOrderDate:desc")).toEqual({ sort: "lastOrderDate", dir: "desc", page: 1, list: "active", owner: "all" });
    expect(ORDER_CHOICES.map((choice) => choice.value)).toContain("owner:asc");
  });
});
