import { describe, expect, test } from "bun:test";
import { changeFrom, cohortShare, formatChange, formatShare, heatClass, monthRevenueOf } from "./figures";

describe("changeFrom and formatChange", () => {
  test("the change against the previous period, signed", () => {
    expect(formatChange(changeFrom(125, 100))).toBe("+25%");
    expect(formatChange(changeFrom(90, 120))).toBe("-25%");
    expect(formatChange(changeFrom(100, 100))).toBe("0%");
    expect(formatChange(changeFrom(1001, 1000))).toBe("+0.1%");
  });

  test("nothing to compare with is '—', never Infinity or NaN", () => {
    expect(changeFrom(50, 0)).toBeNull();
    expect(changeFrom(0, 0)).toBeNull();
    expect(formatChange(changeFrom(0, 0))).toBe("—");
  });
});

describe("monthRevenueOf", () => {
  test("splits the month's revenue between new and returning customers", () => {
    const month = monthRevenueOf({ month: "2026-03", revenue: 1000.1, orders: 9, customers: 7, newCustomers: 2, newCustomerRevenue: 200.05 });
    expect(month.newCustomerRevenue).toBe(200.05);
    expect(month.returningCustomerRevenue).toBeCloseTo(800.05, 10);
  });

  test("returning revenue is never negative", () => {
    expect(monthRevenueOf({ month: "2026-03", revenue: 10, orders: 1, customers: 1, newCustomers: 1, newCustomerRevenue: 12 }).returningCustomerRevenue).toBe(0);
  });
});

describe("cohortShare", () => {
  const cohort = { cohort: "2026-01", customers: 40, active: [40, 10, 0] };

  test("is the share of the cohort that ordered that month", () => {
    expect(cohortShare(cohort, 0)).toBe(1);
    expect(cohortShare(cohort, 1)).toBe(0.25);
    expect(cohortShare(cohort, 2)).toBe(0);
    expect(formatShare(0.25)).toBe("25%");
  });

  test("is null for months that have not come yet, and never divides by zero", () => {
    expect(cohortShare(cohort, 3)).toBeNull();
    expect(cohortShare({ cohort: "2026-02", customers: 0, active: [0] }, 0)).toBe(0);
  });
});

describe("heatClass", () => {
  test("darkens as the share grows", () => {
    expect(heatClass(0)).toContain("bg-slate-50");
    expect(heatClass(0.04)).toContain("bg-blue-50");
    expect(heatClass(0.25)).toContain("bg-blue-300");
    expect(heatClass(1)).toContain("bg-blue-700");
  });
});
