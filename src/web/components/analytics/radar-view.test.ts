import { describe, expect, test } from "bun:test";
import { reorderPageUrl } from "../../api/analytics";
import { sortedBy } from "../accounts/account-list-view";
import { DEFAULT_RADAR_VIEW, pageTicks, reorderQueryOf, toggled, toggledPage } from "./radar-view";

describe("reorderQueryOf", () => {
  test("asks for the band's page in the chosen order", () => {
    expect(reorderPageUrl(reorderQueryOf("due", DEFAULT_RADAR_VIEW))).toBe("/api/analytics/reorders?status=due&sort=totalOrderValue&dir=desc&limit=25&offset=0");
    expect(reorderPageUrl(reorderQueryOf("at-risk", { sort: "daysOverdue", direction: "asc", page: 3 }))).toBe(
      "/api/analytics/reorders?status=at-risk&sort=daysOverdue&dir=asc&limit=25&offset=50",
    );
  });

  test("a click on a header sorts by it from the first page, and flips it the second time", () => {
    const byName = sortedBy({ ...DEFAULT_RADAR_VIEW, page: 4 }, "name");
    expect(byName).toEqual({ sort: "name", direction: "asc", page: 1 });
    expect(sortedBy(byName, "name").direction).toBe("desc");
  });
});

describe("selection", () => {
  test("ticks and unticks one account", () => {
    const once = toggled(new Set(), 7);
    expect([...once]).toEqual([7]);
    expect([...toggled(once, 7)]).toEqual([]);
  });

  test("the header ticks the page, keeping other pages' ticks, and unticks it once all are ticked", () => {
    const otherPage = new Set([99]);
    const page = toggledPage(otherPage, [1, 2, 3]);
    expect([...page].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect(pageTicks(page, [1, 2, 3])).toBe("all");
    expect([...toggledPage(page, [1, 2, 3])]).toEqual([99]);
    expect(pageTicks(new Set([2]), [1, 2, 3])).toBe("some");
    expect(pageTicks(new Set(), [1, 2, 3])).toBe("none");
    expect(pageTicks(new Set(), [])).toBe("none");
  });
});
