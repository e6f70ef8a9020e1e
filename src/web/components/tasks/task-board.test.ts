import { describe, expect, test } from "bun:test";
import type { Task } from "../../api/tasks";
import { todayInNewYork } from "../../format/dates";
import { accountTaskOrder, dueColumnOf, quickRescheduleChoices, sourceLabel, splitIntoDueColumns } from "./task-board";

function task(fields: Partial<Task> & Pick<Task, "id">): Task {
  return {
    title: `Task ${fields.id}`,
    notes: null,
    accountId: null,
    accountName: null,
    assigneeId: 1,
    assigneeName: "Administrator",
    dueDate: "2026-11-21",
    status: "open",
    completedAt: null,
    createdAt: "2026-11-01T12:00:00.000Z",
    source: "manual",
    ...fields,
  };
}

const idsOf = (tasks: readonly Task[]) => tasks.map((each) => each.id);

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

describe("splitIntoDueColumns", () => {
  const tasks = [
    task({ id: 1, dueDate: "2026-11-20" }),
    task({ id: 2, dueDate: "2026-11-21" }),
    task({ id: 3, dueDate: "2026-11-22" }),
    task({ id: 4, dueDate: "2026-11-20", status: "done", completedAt: "2026-11-20T15:00:00.000Z" }),
  ];

  test("leaves completed tasks out of every column", () => {
    const columns = splitIntoDueColumns(tasks, "2026-11-21");
    expect(idsOf(columns.overdue)).toEqual([1]);
    expect(idsOf(columns.today)).toEqual([2]);
    expect(idsOf(columns.upcoming)).toEqual([3]);
  });

  test("at 11:30 PM in New York it is still the 21st, though it is the 22nd in UTC", () => {
    const columns = splitIntoDueColumns(tasks, todayInNewYork(new Date("2026-11-22T04:30:00.000Z")));
    expect(idsOf(columns.today)).toEqual([2]);
    expect(idsOf(columns.upcoming)).toEqual([3]);
  });

  test("at New York midnight the 21st's tasks become overdue and the 22nd's fall due", () => {
    const columns = splitIntoDueColumns(tasks, todayInNewYork(new Date("2026-11-22T05:00:00.000Z")));
    expect(idsOf(columns.overdue)).toEqual([1, 2]);
    expect(idsOf(columns.today)).toEqual([3]);
    expect(idsOf(columns.upcoming)).toEqual([]);
  });
});

describe("accountTaskOrder", () => {
  test("lists open tasks by due date, then completed ones, latest completed first", () => {
    const ordered = accountTaskOrder([
      task({ id: 1, status: "done", completedAt: "2026-11-10T10:00:00.000Z" }),
      task({ id: 2, dueDate: "2026-11-25" }),
      task({ id: 3, status: "done", completedAt: "2026-11-12T10:00:00.000Z" }),
      task({ id: 4, dueDate: "2026-11-19" }),
    ]);
    expect(idsOf(ordered)).toEqual([4, 2, 3, 1]);
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
    const today = todayInNewYork(new Date("2027-01-01T03:00:00.000Z"));
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
