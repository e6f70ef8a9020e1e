import { describe, expect, test } from "bun:test";
import {
  addMonths,
  customPeriodProblem,
  daysIn,
  formatMonth,
  monthsOf,
  monthsUpTo,
  periodOf,
  searchFromSelection,
  selectionFromSearch,
} from "./period";

const TODAY = "2026-03-15";

describe("periodOf", () => {
  test("'last N days' is today and the N - 1 days before, in calendar days", () => {
    expect(periodOf({ choice: "30" }, TODAY)).toEqual({ from: "2026-02-14", to: TODAY });
    expect(daysIn(periodOf({ choice: "30" }, TODAY))).toBe(30);
    expect(periodOf({ choice: "90" }, TODAY)).toEqual({ from: "2025-12-16", to: TODAY });
    expect(daysIn(periodOf({ choice: "90" }, TODAY))).toBe(90);
    expect(periodOf({ choice: "365" }, TODAY)).toEqual({ from: "2025-03-16", to: TODAY });
    expect(daysIn(periodOf({ choice: "365" }, TODAY))).toBe(365);
  });

  test("a period across the spring clock change still counts whole days", () => {
    expect(periodOf({ choice: "30" }, "2026-03-20")).toEqual({ from: "2026-02-19", to: "2026-03-20" });
    expect(daysIn({ from: "2026-03-01", to: "2026-03-31" })).toBe(31);
  });

  test("'this year' runs from January 1 to today", () => {
    expect(periodOf({ choice: "year" }, TODAY)).toEqual({ from: "2026-01-01", to: TODAY });
    expect(periodOf({ choice: "year" }, "2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-01-01" });
  });

  test("a custom period is its own dates", () => {
    expect(periodOf({ choice: "custom", from: "2025-11-01", to: "2026-01-31" }, TODAY)).toEqual({ from: "2025-11-01", to: "2026-01-31" });
  });
});

describe("customPeriodProblem", () => {
  test("accepts a period up to today, one day long or more", () => {
    expect(customPeriodProblem("2026-03-01", "2026-03-15", TODAY)).toBeNull();
    expect(customPeriodProblem("2026-03-15", "2026-03-15", TODAY)).toBeNull();
  });

  test("refuses missing or impossible dates, reversed ends, the future and very long periods", () => {
    expect(customPeriodProblem("", "2026-03-15", TODAY)).toBe("Choose both dates.");
    expect(customPeriodProblem("2026-02-30", "2026-03-15", TODAY)).toBe("Choose both dates.");
    expect(customPeriodProblem("2026-03-10", "2026-03-01", TODAY)).toBe("The start date must be on or before the end date.");
    expect(customPeriodProblem("2026-03-01", "2026-03-16", TODAY)).toBe("The end date cannot be after today.");
    expect(customPeriodProblem("2010-01-01", "2026-03-15", TODAY)).toBe("A period can be at most 3,660 days long.");
  });
});

describe("selectionFromSearch and searchFromSelection", () => {
  test("plain /analytics is the last 30 days", () => {
    expect(selectionFromSearch(new URLSearchParams(""), TODAY)).toEqual({ choice: "30" });
    expect(searchFromSelection({ choice: "30" }).toString()).toBe("");
  });

  test("round-trip a preset and a custom period", () => {
    for (const selection of [{ choice: "year" as const }, { choice: "custom" as const, from: "2026-01-05", to: "2026-02-05" }]) {
      expect(selectionFromSearch(searchFromSelection(selection), TODAY)).toEqual(selection);
    }
    expect(searchFromSelection({ choice: "custom", from: "2026-01-05", to: "2026-02-05" }).toString()).toBe("period=custom&from=2026-01-05&to=2026-02-05");
  });

  test("an unknown choice or an impossible custom period falls back to the last 30 days", () => {
    expect(selectionFromSearch(new URLSearchParams("period=week"), TODAY)).toEqual({ choice: "30" });
    expect(selectionFromSearch(new URLSearchParams("period=custom&from=2026-03-10&to=2026-03-01"), TODAY)).toEqual({ choice: "30" });
    expect(selectionFromSearch(new URLSearchParams("period=custom"), TODAY)).toEqual({ choice: "30" });
  });
});

describe("months", () => {
  test("addMonths crosses year ends both ways", () => {
    expect(addMonths("2026-03", -3)).toBe("2025-12");
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(addMonths("2026-03", -23)).toBe("2024-04");
  });

  test("the last 24 months end with this one", () => {
    const range = monthsUpTo(TODAY, 24);
    expect(range).toEqual({ from: "2024-04", to: "2026-03" });
    const months = monthsOf(range);
    expect(months).toHaveLength(24);
    expect(months[0]).toBe("2024-04");
    expect(months.at(-1)).toBe("2026-03");
  });

  test("formatMonth names the month", () => {
    expect(formatMonth("2026-03")).toBe("Mar 2026");
    expect(formatMonth("2025-12")).toBe("Dec 2025");
  });
});
