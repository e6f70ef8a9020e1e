import { describe, expect, test } from "bun:test";
import { formatUsDate, formatUsDateTime } from "./dates";

describe("formatUsDate", () => {
  test("shows month, day and year with two-digit month and day", () => {
    expect(formatUsDate("2026-04-02T15:00:00.000Z")).toBe("04/02/2026");
  });

  test("uses the New York calendar day, not UTC's", () => {
    expect(formatUsDate("2026-04-02T02:30:00.000Z")).toBe("04/01/2026");
  });

  test("accepts a Date", () => {
    expect(formatUsDate(new Date("2025-12-31T17:00:00.000Z"))).toBe("12/31/2025");
  });
});

describe("formatUsDateTime", () => {
  test("adds the New York time with AM/PM", () => {
    expect(formatUsDateTime("2026-04-02T14:39:00.000Z")).toBe("04/02/2026, 10:39 AM");
  });

  test("follows daylight saving time", () => {
    expect(formatUsDateTime("2026-01-15T18:05:00.000Z")).toBe("01/15/2026, 1:05 PM");
  });
});
