import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { COMMAND_LINE } from "../activity/actor.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { businessToday } from "./calendar-date.ts";
import { createTask, listTasks, tasksNeedingAttention } from "./tasks.ts";

describe("tasks and New York calendar days", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let userId: number;
  beforeEach(async () => {
    database = temporaryDatabase();
    userId = (await createUser(database.db, { email: "a@example.com", name: "Ann", role: "admin", password: "password123" })).user.id;
  });
  afterEach(() => database.dispose());

  // 04:30 UTC on November 22nd is still 23:30 on November 21st in New York (EST, UTC-5).
  const lateEveningInNewYork = new Date("2026-11-22T04:30:00Z");
  const justAfterMidnightInNewYork = new Date("2026-11-22T05:30:00Z");

  test("today is New York's date, not UTC's", () => {
    expect(businessToday(lateEveningInNewYork)).toBe("2026-11-21");
    expect(businessToday(justAfterMidnightInNewYork)).toBe("2026-11-22");
    expect(businessToday(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
  });

  test("overdue, today and week follow midnight in New York", () => {
    for (const [title, dueDate] of [["yesterday", "2026-11-20"], ["today", "2026-11-21"], ["tomorrow", "2026-11-22"], ["in six days", "2026-11-27"], ["in a week", "2026-11-28"]]) {
      createTask(database.db, { title, dueDate, assigneeId: userId }, COMMAND_LINE);
    }
    const titles = (due: "overdue" | "today" | "week", now: Date) => listTasks(database.db, { due }, now).tasks.map((task) => task.title);
    expect(titles("overdue", lateEveningInNewYork)).toEqual(["yesterday"]);
    expect(titles("today", lateEveningInNewYork)).toEqual(["today"]);
    expect(titles("week", lateEveningInNewYork)).toEqual(["today", "tomorrow", "in six days"]);
    // An hour later it is the 22nd in New York: the 21st's task is overdue.
    expect(titles("overdue", justAfterMidnightInNewYork)).toEqual(["yesterday", "today"]);
    expect(titles("today", justAfterMidnightInNewYork)).toEqual(["tomorrow"]);
    expect(tasksNeedingAttention(database.db, userId, lateEveningInNewYork).map((task) => task.title)).toEqual(["yesterday", "today"]);
  });
});
