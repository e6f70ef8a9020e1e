import { describe, expect, test } from "bun:test";
import { comparisonOf } from "./sales-figures.ts";

/** The period each preset of the Analytics screen is set against, on New York calendar days. */
describe("comparisonOf", () => {
  test("'this year' compares with January 1 to the same month and day of the year before", () => {
    expect(comparisonOf({ from: "2026-01-01", to: "2026-11-27" })).toEqual({ kind: "same-days-last-year", from: "2025-01-01", to: "2025-11-27" });
    expect(comparisonOf({ from: "2026-01-01", to: "2026-02-03" })).toEqual({ kind: "same-days-last-year", from: "2025-01-01", to: "2025-02-03" });
    expect(comparisonOf({ from: "2026-01-01", to: "2026-01-01" })).toEqual({ kind: "same-days-last-year", from: "2025-01-01", to: "2025-01-01" });
    expect(comparisonOf({ from: "2026-01-01", to: "2026-12-31" })).toEqual({ kind: "same-days-last-year", from: "2025-01-01", to: "2025-12-31" });
  });

  test("February 29 compares with February 28; the days after it with their own dates", () => {
    expect(comparisonOf({ from: "2028-01-01", to: "2028-02-29" })).toEqual({ kind: "same-days-last-year", from: "2027-01-01", to: "2027-02-28" });
    expect(comparisonOf({ from: "2028-01-01", to: "2028-03-01" })).toEqual({ kind: "same-days-last-year", from: "2027-01-01", to: "2027-03-01" });
    expect(comparisonOf({ from: "2025-01-01", to: "2025-02-28" })).toEqual({ kind: "same-days-last-year", from: "2024-01-01", to: "2024-02-28" });
  });

  test("the last 30, 90 and 365 days compare with as many days just before", () => {
    expect(comparisonOf({ from: "2026-10-29", to: "2026-11-27" })).toEqual({ kind: "previous-period", from: "2026-09-29", to: "2026-10-28" });
    expect(comparisonOf({ from: "2026-08-30", to: "2026-11-27" })).toEqual({ kind: "previous-period", from: "2026-06-01", to: "2026-08-29" });
    expect(comparisonOf({ from: "2025-11-28", to: "2026-11-27" })).toEqual({ kind: "previous-period", from: "2024-11-28", to: "2025-11-27" });
  });

  test("a period across a year end, or from January 1 into the next year, compares with as many days just before", () => {
    expect(comparisonOf({ from: "2025-12-15", to: "2026-01-10" })).toEqual({ kind: "previous-period", from: "2025-11-18", to: "2025-12-14" });
    expect(comparisonOf({ from: "2025-01-01", to: "2026-01-31" })).toEqual({ kind: "previous-period", from: "2023-12-02", to: "2024-12-31" });
    expect(comparisonOf({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ kind: "previous-period", from: "2026-01-29", to: "2026-02-28" });
  });
});
