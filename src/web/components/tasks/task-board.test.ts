import { describe, expect, test } from "bun:test";
import { businessToday } from "../../format/dates";
import { dueColumnOf, dueRangeOf, quickRescheduleChoices, sourceLabel } from "./task-board";

describe("dueColumnOf", () => {
  test("before today is overdue, today is today, later is upcoming", () => {
    expect(dueColumnOf("2026-11-20", "2026-11-21")).toBe("overdue");
    expect(dueColumnOf("2026-11-21", "2026-11-21")).toBe("today");
    expect(dueColumnOf("2026-11-22", "2026-11-21")).toBe("upcoming");
  });

  test("compares across month and year ends", () => {
    expect(dueColumnOf("2026-12-31", "2027-01-01")).toBe("overdue");
    expect(dueColumnOf("2027-01-01", "2026-12-31")).toBe("upcoming");
  });
});

describe("dueRangeOf", () => {
  test("overdue ends yesterday, today is today alone, upcoming starts tomorrow", () => {
    expect(dueRangeOf("overdue", "2026-11-21")).toEqual({ dueTo: "2026-11-20" });
    expect(dueRangeOf("today", "2026-11-21")).toEqual({ dueFrom: "2026-11-21", dueTo: "2026-11-21" });
    expect(dueRangeOf("upcoming", "2026-11-21")).toEqual({ dueFrom: "2026-11-22" });
  });

  test("at 11:30 PM in New York it is still the 21st, though it is the 22nd in UTC", () => {
    expect(dueRangeOf("today", businessToday(new Date("2026-11-22T04:30:00.000Z")))).toEqual({ dueFrom: "2026-11-21", dueTo: "2026-11-21" });
  });

  test("crosses month and year ends", () => {
    expect(dueRangeOf("overdue", "2027-01-01")).toEqual({ dueTo: "2026-12-31" });
    expect(dueRangeOf("upcoming", "2026-12-31")).toEqual({ dueFrom: "2027-01-01" });
  });
});

describe("quickRescheduleChoices", () => {
  test("offers tomorrow and a week from today", () => {
    expect(quickRescheduleChoices("2026-11-21").map(({ label, date }) => [label, date])).toEqual([
      ["Tomorrow", "2026-11-22"],
      ["Next week", "2026-11-28"],
    ]);
  });

  test("counts from the New York date, across the year end", () => {
    const today = businessToday(new Date("2027-01-01T03:00:00.000Z"));
    expect(today).toBe("2026-12-31");
    expect(quickRescheduleChoices(today).map(({ date }) => date)).toEqual(["2027-01-01", "2027-01-07"]);
  });
});

describe("sourceLabel", () => {
  test("names the automation that created a task, and nothing for a person's own", () => {
    expect(sourceLabel("welcome")).toBe("Welcome");
    expect(sourceLabel("new-contact")).toBe("New contact");
    expect(sourceLabel("manual")).toBeNull();
  });
});
