import { describe, expect, test } from "bun:test";
import { calendarDateInZone, findWallClockProblem, isValidTimeZone, wallClockToUtc, type WallClockTime } from "./wall-clock.ts";

const NEW_YORK = "America/New_York";
const LOS_ANGELES = "America/Los_Angeles";

const utcOf = (time: WallClockTime, timeZone: string) => wallClockToUtc(time, timeZone).toISOString();

describe("wallClockToUtc", () => {
  test("New York winter time is five hours behind UTC, summer time four", () => {
    expect(utcOf({ year: 2026, month: 1, day: 15, hour: 12 }, NEW_YORK)).toBe("2026-01-15T17:00:00.000Z");
    expect(utcOf({ year: 2026, month: 7, day: 4, hour: 12, minute: 5, second: 9 }, NEW_YORK)).toBe("2026-07-04T16:05:09.000Z");
  });

  test("a missing time of day means midnight", () => {
    expect(utcOf({ year: 2025, month: 2, day: 1 }, NEW_YORK)).toBe("2025-02-01T05:00:00.000Z");
  });

  test("New York spring-forward day, 2026-03-08: times in the skipped hour move forward by the gap", () => {
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 1, minute: 59, second: 59 }, NEW_YORK)).toBe("2026-03-08T06:59:59.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 2 }, NEW_YORK)).toBe("2026-03-08T07:00:00.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, NEW_YORK)).toBe("2026-03-08T07:30:00.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 3 }, NEW_YORK)).toBe("2026-03-08T07:00:00.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 }, NEW_YORK)).toBe("2026-03-08T07:30:00.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 23 }, NEW_YORK)).toBe("2026-03-09T03:00:00.000Z");
  });

  test("New York fall-back day, 2026-11-01: times in the repeated hour take their first (daylight) occurrence", () => {
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 0, minute: 59 }, NEW_YORK)).toBe("2026-11-01T04:59:00.000Z");
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 1 }, NEW_YORK)).toBe("2026-11-01T05:00:00.000Z");
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, NEW_YORK)).toBe("2026-11-01T05:30:00.000Z");
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 59, second: 59 }, NEW_YORK)).toBe("2026-11-01T05:59:59.000Z");
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 2 }, NEW_YORK)).toBe("2026-11-01T07:00:00.000Z");
  });

  test("Los Angeles follows the same rules eight and seven hours behind UTC", () => {
    expect(utcOf({ year: 2026, month: 1, day: 10, hour: 9 }, LOS_ANGELES)).toBe("2026-01-10T17:00:00.000Z");
    expect(utcOf({ year: 2026, month: 7, day: 1, hour: 9 }, LOS_ANGELES)).toBe("2026-07-01T16:00:00.000Z");
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, LOS_ANGELES)).toBe("2026-03-08T10:30:00.000Z");
    expect(utcOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, LOS_ANGELES)).toBe("2026-11-01T08:30:00.000Z");
  });

  test("UTC wall-clock time is the instant itself", () => {
    expect(utcOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "UTC")).toBe("2026-03-08T02:30:00.000Z");
    expect(utcOf({ year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 }, "UTC")).toBe("2024-02-29T23:59:59.000Z");
  });

  test("a half-hour offset and a southern-hemisphere fall-back", () => {
    expect(utcOf({ year: 2026, month: 1, day: 1 }, "Asia/Kolkata")).toBe("2025-12-31T18:30:00.000Z");
    expect(utcOf({ year: 2026, month: 4, day: 5, hour: 2, minute: 30 }, "Australia/Sydney")).toBe("2026-04-04T15:30:00.000Z");
  });

  test("Lord Howe Island's half-hour shift at half past a UTC hour is exact to the second", () => {
    expect(utcOf({ year: 2026, month: 10, day: 4, hour: 1, minute: 59, second: 59 }, "Australia/Lord_Howe")).toBe("2026-10-03T15:29:59.000Z");
    expect(utcOf({ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, "Australia/Lord_Howe")).toBe("2026-10-03T15:45:00.000Z");
    expect(utcOf({ year: 2026, month: 10, day: 4, hour: 2, minute: 30 }, "Australia/Lord_Howe")).toBe("2026-10-03T15:30:00.000Z");
  });

  test("every quarter hour of the 2026 transition seasons reads back as the same wall-clock time, at or before its instant", () => {
    const seasons = [[Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 10)], [Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 5)]] as const;
    for (const timeZone of [NEW_YORK, LOS_ANGELES, "Australia/Lord_Howe", "Europe/London"]) {
      const formatter = new Intl.DateTimeFormat("en-CA", {
        timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
      });
      for (const [seasonStart, seasonEnd] of seasons) for (let utcMs = seasonStart; utcMs < seasonEnd; utcMs += 15 * 60_000) {
        const field = Object.fromEntries(formatter.formatToParts(utcMs).map((part) => [part.type, Number(part.value)]));
        const time = { year: field.year!, month: field.month!, day: field.day!, hour: field.hour!, minute: field.minute!, second: field.second! };
        const instant = wallClockToUtc(time, timeZone);
        if (formatter.format(instant) !== formatter.format(utcMs) || instant.getTime() > utcMs) {
          throw new Error(`${timeZone} ${JSON.stringify(time)} gave ${instant.toISOString()}, expected ${new Date(utcMs).toISOString()}`);
        }
      }
    }
  });

  test("an unknown zone or an impossible time is a RangeError", () => {
    expect(() => wallClockToUtc({ year: 2026, month: 1, day: 1 }, "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => wallClockToUtc({ year: 2026, month: 2, day: 29 }, NEW_YORK)).toThrow("Not a real wall-clock time: 2/2026 has no day 29");
  });

});

describe("findWallClockProblem", () => {
  test("names the part that cannot exist", () => {
    expect(findWallClockProblem({ year: 2026, month: 4, day: 2, hour: 10, minute: 39, second: 21 })).toBeNull();
    expect(findWallClockProblem({ year: 2024, month: 2, day: 29 })).toBeNull();
    expect(findWallClockProblem({ year: 2026, month: 2, day: 29 })).toBe("2/2026 has no day 29");
    expect(findWallClockProblem({ year: 1900, month: 2, day: 29 })).toBe("2/1900 has no day 29");
    expect(findWallClockProblem({ year: 2026, month: 4, day: 31 })).toBe("4/2026 has no day 31");
    expect(findWallClockProblem({ year: 2026, month: 1, day: 0 })).toBe("1/2026 has no day 0");
    expect(findWallClockProblem({ year: 2026, month: 13, day: 1 })).toBe("month 13 does not exist");
    expect(findWallClockProblem({ year: 2026, month: 1, day: 1, hour: 24 })).toBe("hour 24 does not exist");
    expect(findWallClockProblem({ year: 2026, month: 1, day: 1, minute: 60 })).toBe("minute 60 does not exist");
    expect(findWallClockProblem({ year: 2026, month: 1, day: 1, second: 1.5 })).toBe("second 1.5 does not exist");
    expect(findWallClockProblem({ year: 999, month: 1, day: 1 })).toBe("year 999 is outside 1000-9999");
  });
});

describe("isValidTimeZone", () => {
  test("accepts IANA names and UTC, rejects anything else", () => {
    expect(isValidTimeZone(NEW_YORK)).toBe(true);
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(" UTC")).toBe(false);
  });
});

describe("calendarDateInZone", () => {
  test("New York's date changes at local midnight, not UTC midnight", () => {
    expect(calendarDateInZone(new Date("2026-01-16T04:59:59Z"), NEW_YORK)).toBe("2026-01-15");
    expect(calendarDateInZone(new Date("2026-01-16T05:00:00Z"), NEW_YORK)).toBe("2026-01-16");
    expect(calendarDateInZone(new Date("2026-07-05T03:59:59Z"), NEW_YORK)).toBe("2026-07-04");
    expect(calendarDateInZone(new Date("2026-07-05T04:00:00Z"), NEW_YORK)).toBe("2026-07-05");
  });

  test("midnights on the 2026 transition days", () => {
    expect(calendarDateInZone(new Date("2026-03-08T04:59:59Z"), NEW_YORK)).toBe("2026-03-07");
    expect(calendarDateInZone(new Date("2026-03-08T05:00:00Z"), NEW_YORK)).toBe("2026-03-08");
    expect(calendarDateInZone(new Date("2026-03-09T03:59:59Z"), NEW_YORK)).toBe("2026-03-08");
    expect(calendarDateInZone(new Date("2026-11-02T04:59:59Z"), NEW_YORK)).toBe("2026-11-01");
    expect(calendarDateInZone(new Date("2026-11-02T05:00:00Z"), NEW_YORK)).toBe("2026-11-02");
  });

  test("the same instant is a different date in Los Angeles, UTC and Tokyo", () => {
    const instant = new Date("2026-05-01T06:30:00Z");
    expect(calendarDateInZone(instant, LOS_ANGELES)).toBe("2026-04-30");
    expect(calendarDateInZone(instant, "UTC")).toBe("2026-05-01");
    expect(calendarDateInZone(new Date("2026-12-31T15:00:00Z"), "Asia/Tokyo")).toBe("2027-01-01");
  });

  test("an invalid Date or zone is a RangeError", () => {
    expect(() => calendarDateInZone(new Date("garbage"), NEW_YORK)).toThrow(RangeError);
    expect(() => calendarDateInZone(new Date(), "Not/AZone")).toThrow(RangeError);
  });
});
