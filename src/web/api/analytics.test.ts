import { describe, expect, test } from "bun:test";
import { cohortsUrl, monthlySalesUrl, reorderPageUrl, summaryUrl, topProductsUrl } from "./analytics";

describe("analytics URLs", () => {
  test("a period's figures and top products name its first and last days", () => {
    expect(summaryUrl({ from: "2026-02-14", to: "2026-03-15" })).toBe("/api/analytics/summary?from=2026-02-14&to=2026-03-15");
    expect(topProductsUrl({ from: "2026-02-14", to: "2026-03-15" }, 10)).toBe("/api/analytics/products?from=2026-02-14&to=2026-03-15&limit=10");
  });

  test("the monthly chart and the cohorts name their first and last months", () => {
    expect(monthlySalesUrl({ from: "2024-04", to: "2026-03" })).toBe("/api/analytics/monthly?from=2024-04&to=2026-03");
    expect(cohortsUrl({ from: "2025-04", to: "2026-03" })).toBe("/api/analytics/cohorts?from=2025-04&to=2026-03");
  });

  test("a page of a band comes in one parameter order", () => {
    expect(reorderPageUrl({ offset: 25, limit: 25, dir: "asc", sort: "name", status: "lapsed" })).toBe(
      "/api/analytics/reorders?status=lapsed&sort=name&dir=asc&limit=25&offset=25",
    );
  });
});
