import { describe, expect, test } from "bun:test";
import { reorderPageUrl } from "../../api/analytics";
import { sortedBy } from "../../ui/paging";
import { DEFAULT_RADAR_VIEW, reorderQueryOf } from "./radar-view";

describe("reorderQueryOf", () => {
  test("asks for the band's page in the chosen order", () => {
    expect(reorderPageUrl(reorderQueryOf("due", DEFAULT_RADAR_VIEW))).toBe("/api/analytics/reorders?status=due&sort=totalOrderValue&dir=desc&limit=25&offset=0");
    expect(reorderPageUrl(reorderQueryOf("at-risk", { sort: "daysOverdue", dir: "asc", page: 3 }))).toBe(
      "/api/analytics/reorders?status=at-risk&sort=daysOverdue&dir=asc&limit=25&offset=50",
    );
  });

  test("a click on a header sorts by it from the first page, and flips it the second time", () => {
    const byName = sortedBy({ ...DEFAULT_RADAR_VIEW, page: 4 }, "name");
    expect(byName).toEqual({ sort: "name", dir: "asc", page: 1 });
    expect(sortedBy(byName, "name").dir).toBe("desc");
  });
});
