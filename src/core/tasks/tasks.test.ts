import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DEFAULT_TASK_PAGE_SIZE, MAX_TASK_PAGE_SIZE, type TaskListQuery } from "../../contracts/tasks.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { DomainError } from "../errors.ts";
import { createUser } from "../users/users.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { businessToday } from "../time/business-calendar.ts";
import { createTask, listTasks, updateTask } from "./tasks.ts";

describe("tasks and New York calendar days", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let userId: number;
  beforeEach(async () => {
    database = temporaryDatabase();
    userId = (await createUser(database.db, { email: "a@example.com", name: "Ann", role: "admin", password: "staff-password-1" })).user.id;
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
    for (const [title, dueDate] of [["yesterday", "2026-11-20"], ["today", "2026-11-21"], ["tomorrow", "2026-11-22"], ["in six days", "2026-11-27"], ["in a week", "2026-11-28"]] as const) {
      createTask(database.db, { title, dueDate, assigneeId: userId }, COMMAND_LINE);
    }
    const titles = (due: "overdue" | "today" | "week", now: Date) => listTasks(database.db, { due }, now).tasks.map((task) => task.title);
    expect(titles("overdue", lateEveningInNewYork)).toEqual(["yesterday"]);
    expect(titles("today", lateEveningInNewYork)).toEqual(["today"]);
    expect(titles("week", lateEveningInNewYork)).toEqual(["today", "tomorrow", "in six days"]);
    // An hour later it is the 22nd in New York: the 21st's task is overdue.
    expect(titles("overdue", justAfterMidnightInNewYork)).toEqual(["yesterday", "today"]);
    expect(titles("today", justAfterMidnightInNewYork)).toEqual(["tomorrow"]);
  });
});

describe("listTasks pages", () => {
  const team = useDatabaseWithTeamOfTwo();

  const now = new Date("2026-11-21T17:00:00Z");
  const add = (title: string, dueDate: string, assigneeId = team.ann) => createTask(team.database.db, { title, dueDate, assigneeId }, COMMAND_LINE).id;
  const titles = (query: TaskListQuery) => listTasks(team.database.db, query, now).tasks.map((task) => task.title);
  const total = (query: TaskListQuery) => listTasks(team.database.db, query, now).total;
  /** Completes a task at a given time, so that the order of completed tasks does not hang on the clock's resolution. */
  const completeAt = (id: number, completedAt: string) => {
    updateTask(team.database.db, id, { status: "done" }, COMMAND_LINE);
    team.database.sqlite.query("UPDATE tasks SET completed_at = ? WHERE id = ?").run(Date.parse(completedAt), id);
  };
  const failure = (query: TaskListQuery) => {
    try {
      listTasks(team.database.db, query, now);
    } catch (error) {
      if (error instanceof DomainError) return { field: error.field, message: error.message };
      throw error;
    }
    throw new Error("listTasks accepted the query");
  };

  test("open tasks come a page at a time by due date, then id, and the total counts every match", () => {
    add("c", "2026-11-23");
    add("a1", "2026-11-20");
    add("b", "2026-11-21");
    add("a2", "2026-11-20");
    add("d", "2026-11-30");
    add("bob's", "2026-11-19", team.bob);
    const query = { status: "open", assigneeId: team.ann, limit: 2 } as const;
    expect(titles(query)).toEqual(["a1", "a2"]);
    expect(titles({ ...query, offset: 2 })).toEqual(["b", "c"]);
    expect(titles({ ...query, offset: 4 })).toEqual(["d"]);
    expect(titles({ ...query, offset: 6 })).toEqual([]);
    expect(total({ ...query, offset: 6 })).toBe(5);
    expect(total({ status: "open" })).toBe(6);
  });

  test("has no hidden cap: thousands of tasks are all counted and all reachable", () => {
    team.database.sqlite.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1205)
       INSERT INTO tasks (title, assignee_id, due_date, status, source, created_at, updated_at)
       SELECT 'Task ' || i, ${team.ann}, '2026-12-01', 'open', 'manual', 0, 0 FROM n`,
    );
    expect(total({ status: "open" })).toBe(1205);
    expect(titles({ status: "open" })).toHaveLength(DEFAULT_TASK_PAGE_SIZE);
    expect(titles({ status: "open", limit: MAX_TASK_PAGE_SIZE })).toHaveLength(MAX_TASK_PAGE_SIZE);
    expect(titles({ status: "open", offset: 1200 })).toEqual(["Task 1201", "Task 1202", "Task 1203", "Task 1204", "Task 1205"]);
  });

  test("dueFrom and dueTo are inclusive New York dates and narrow the due filter further", () => {
    for (const [title, dueDate] of [["19th", "2026-11-19"], ["20th", "2026-11-20"], ["21st", "2026-11-21"], ["22nd", "2026-11-22"], ["25th", "2026-11-25"], ["28th", "2026-11-28"]] as const) add(title, dueDate);
    // Today is the 21st in New York.
    expect(titles({ dueFrom: "2026-11-20", dueTo: "2026-11-22" })).toEqual(["20th", "21st", "22nd"]);
    expect(titles({ dueTo: "2026-11-20" })).toEqual(["19th", "20th"]);
    expect(titles({ dueFrom: "2026-11-25" })).toEqual(["25th", "28th"]);
    // The week is the 21st to the 27th: with dueFrom the 22nd only the rest of it.
    expect(titles({ due: "week", dueFrom: "2026-11-22" })).toEqual(["22nd", "25th"]);
    expect(total({ due: "week", dueFrom: "2026-11-22" })).toBe(2);
    expect(titles({ due: "overdue", dueFrom: "2026-11-20" })).toEqual(["20th"]);
    // Filters that cannot both hold match nothing.
    expect(titles({ due: "today", dueFrom: "2026-11-22" })).toEqual([]);
    expect(titles({ dueFrom: "2026-11-25", dueTo: "2026-11-20" })).toEqual([]);
  });

  test("dueFrom and dueTo must be real dates like 2026-11-21", () => {
    expect(failure({ dueFrom: "2026-02-30" })).toEqual({ field: "dueFrom", message: "dueFrom must be a date like 2026-11-21" });
    expect(failure({ dueTo: "11/21/2026" })).toEqual({ field: "dueTo", message: "dueTo must be a date like 2026-11-21" });
  });

  test("completed tasks come latest completed first; with status all the open ones come first, paged across both", () => {
    const ids = {
      openLater: add("open later", "2026-11-25"),
      openSooner: add("open sooner", "2026-11-18"),
      doneFirst: add("done first", "2026-11-01"),
      doneLast: add("done last", "2026-11-02"),
      doneMiddleA: add("done middle a", "2026-11-03"),
      doneMiddleB: add("done middle b", "2026-11-04"),
    };
    completeAt(ids.doneFirst, "2026-11-10T12:00:00Z");
    completeAt(ids.doneLast, "2026-11-20T12:00:00Z");
    // Completed at the same moment: the later id first.
    completeAt(ids.doneMiddleA, "2026-11-15T12:00:00Z");
    completeAt(ids.doneMiddleB, "2026-11-15T12:00:00Z");

    expect(titles({ status: "done" })).toEqual(["done last", "done middle b", "done middle a", "done first"]);
    expect(titles({ status: "open" })).toEqual(["open sooner", "open later"]);
    const all = ["open sooner", "open later", "done last", "done middle b", "done middle a", "done first"];
    expect(titles({ status: "all" })).toEqual(all);
    expect(titles({})).toEqual(all);
    for (const offset of [0, 1, 2, 3, 4, 5, 6]) {
      expect(titles({ status: "all", limit: 3, offset })).toEqual(all.slice(offset, offset + 3));
      expect(total({ status: "all", limit: 3, offset })).toBe(6);
    }
    expect(titles({ status: "done", dueTo: "2026-11-02" })).toEqual(["done last", "done first"]);
  });

  test("the user's open tasks due today or before: the badge and the bell's figure", () => {
    add("late", "2026-11-19");
    add("now", "2026-11-21");
    add("later", "2026-11-24");
    add("bob's", "2026-11-21", team.bob);
    completeAt(add("done", "2026-11-20"), "2026-11-20T15:00:00Z");
    const attention = { assigneeId: team.ann, status: "open", dueTo: businessToday(now) } as const;
    expect(titles(attention)).toEqual(["late", "now"]);
    expect(total({ ...attention, limit: 1 })).toBe(2);
  });
});
