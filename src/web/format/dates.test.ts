import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addDays, formatUsCalendarDate, formatUsDate, formatUsDateTime, businessToday, isoFromNewYorkDateTimeInput, newYorkDateTimeInputValue } from "./dates";

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

describe("businessToday", () => {
  test("is still yesterday in New York a minute before its midnight, though UTC has moved on", () => {
    expect(businessToday(new Date("2026-11-22T04:59:00.000Z"))).toBe("2026-11-21");
  });

  test("turns at New York midnight", () => {
    expect(businessToday(new Date("2026-11-22T05:00:00.000Z"))).toBe("2026-11-22");
  });

  test("follows daylight saving time: midnight is at 04:00 UTC in summer", () => {
    expect(businessToday(new Date("2026-07-04T03:59:00.000Z"))).toBe("2026-07-03");
    expect(businessToday(new Date("2026-07-04T04:00:00.000Z"))).toBe("2026-07-04");
  });
});

describe("addDays", () => {
  test("moves across month and year ends", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  test("is not thrown off by the daylight saving change", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
  });
});

describe("formatUsCalendarDate", () => {
  test("shows a due date as the same day, US style", () => {
    expect(formatUsCalendarDate("2026-11-23")).toBe("11/23/2026");
  });
});

describe("New York date-time inputs", () => {
  // A browser in Los Angeles: what the input holds and what it sends must not follow the machine's zone.
  const zoneBefore = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    process.env.TZ = zoneBefore;
  });

  test("an instant reads as New York's wall clock, whatever the browser's zone", () => {
    // 21:35 UTC on 2 April is 2:35 PM in Los Angeles and 5:35 PM in New York (daylight time).
    expect(newYorkDateTimeInputValue(new Date("2026-04-02T21:35:42Z"))).toBe("2026-04-02T17:35");
    // Midnight shows as 00, never 24; in winter New York is five hours behind UTC.
    expect(newYorkDateTimeInputValue(new Date("2026-01-15T05:07:00Z"))).toBe("2026-01-15T00:07");
  });

  test("a value is read as New York's wall clock", () => {
    expect(isoFromNewYorkDateTimeInput("2026-04-02T17:35")).toBe("2026-04-02T21:35:00.000Z");
    expect(isoFromNewYorkDateTimeInput("2026-01-15T00:07")).toBe("2026-01-15T05:07:00.000Z");
  });

  test("a value round-trips to the same minute", () => {
    const now = new Date("2026-11-01T05:30:00Z");
    expect(isoFromNewYorkDateTimeInput(newYorkDateTimeInputValue(now))).toBe(now.toISOString());
  });
});
