import { describe, expect, test } from "bun:test";
import { addDays, businessToday, requireCalendarDate, startOfBusinessDay, startOfDaysAgo, startOfNextBusinessDay } from "./business-calendar.ts";

describe("the business calendar (New York)", () => {
  test("today is New York's date: at 11:30 PM there it is still the 21st, though the 22nd in UTC", () => {
    expect(businessToday(new Date("2026-11-22T04:30:00Z"))).toBe("2026-11-21");
    expect(businessToday(new Date("2026-11-22T05:30:00Z"))).toBe("2026-11-22");
  });

  test("a day begins at midnight New York time, 4 or 5 hours after UTC's as daylight saving time has it", () => {
    expect(new Date(startOfBusinessDay("2026-07-04")).toISOString()).toBe("2026-07-04T04:00:00.000Z");
    expect(new Date(startOfBusinessDay("2026-12-25")).toISOString()).toBe("2026-12-25T05:00:00.000Z");
  });

  test("'within the last N days' starts at midnight N calendar days back, across a change of clocks", () => {
    // Clocks went back on November 1st 2026 at 2 AM: its midnight was still daylight time, December 1st's is not.
    const now = new Date("2026-12-01T15:00:00Z");
    expect(new Date(startOfDaysAgo(30, now)).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(new Date(startOfDaysAgo(0, now)).toISOString()).toBe("2026-12-01T05:00:00.000Z");
  });

  test("the next day begins at the coming midnight in New York", () => {
    expect(new Date(startOfNextBusinessDay(new Date("2026-11-22T04:30:00Z"))).toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(new Date(startOfNextBusinessDay(new Date("2026-03-07T12:00:00Z"))).toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });

  test("dates add across month and year ends, and input dates must be real", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(requireCalendarDate("dueDate", " 2026-02-28 ")).toBe("2026-02-28");
    expect(() => requireCalendarDate("dueDate", "2026-02-30")).toThrow("dueDate must be a date like 2026-11-21");
  });
});
