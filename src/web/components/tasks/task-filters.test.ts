import { describe, expect, test } from "bun:test";
import { taskListUrl } from "../../api/tasks";
import { assigneeFromSelect, assigneeSelectValue, boardQueryOf, filtersFromSearch, searchFromFilters } from "./task-filters";

const ME = 7;

describe("filtersFromSearch", () => {
  test("plain /tasks is the signed-in user's board", () => {
    expect(filtersFromSearch(new URLSearchParams(""))).toEqual({ assignee: "mine", due: "all" });
  });

  test("reads the whole team, a member and the due date", () => {
    expect(filtersFromSearch(new URLSearchParams("assignee=all&due=week"))).toEqual({ assignee: "everyone", due: "week" });
    expect(filtersFromSearch(new URLSearchParams("assigneeId=2&due=overdue"))).toEqual({ assignee: 2, due: "overdue" });
  });

  test("falls back to the user's own board and all tasks for missing or unknown values", () => {
    expect(filtersFromSearch(new URLSearchParams("assigneeId=abc&due=someday"))).toEqual({ assignee: "mine", due: "all" });
    expect(filtersFromSearch(new URLSearchParams("assigneeId=0"))).toEqual({ assignee: "mine", due: "all" });
    expect(filtersFromSearch(new URLSearchParams("assignee=nobody"))).toEqual({ assignee: "mine", due: "all" });
  });
});

describe("searchFromFilters", () => {
  test("leaves the defaults out", () => {
    expect(searchFromFilters({ assignee: "mine", due: "all" }).toString()).toBe("");
    expect(searchFromFilters({ assignee: "everyone", due: "all" }).toString()).toBe("assignee=all");
    expect(searchFromFilters({ assignee: 3, due: "overdue" }).toString()).toBe("assigneeId=3&due=overdue");
  });

  test("reads back what it wrote", () => {
    for (const filters of [{ assignee: "mine", due: "today" }, { assignee: "everyone", due: "week" }, { assignee: 3, due: "all" }] as const) {
      expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    }
  });
});

describe("boardQueryOf", () => {
  const page = { limit: 25, offset: 0 };

  test("asks for the signed-in user's open tasks by default, once the user is known", () => {
    expect(taskListUrl(boardQueryOf({ assignee: "mine", due: "today" }, ME)!, page)).toBe(`/api/tasks?assigneeId=${ME}&due=today&status=open&limit=25&offset=0`);
    expect(boardQueryOf({ assignee: "mine", due: "all" }, undefined)).toBeNull();
  });

  test("asks for everyone's or one member's open tasks", () => {
    expect(taskListUrl(boardQueryOf({ assignee: "everyone", due: "all" }, ME)!, page)).toBe("/api/tasks?due=all&status=open&limit=25&offset=0");
    expect(taskListUrl(boardQueryOf({ assignee: 2, due: "week" }, undefined)!, page)).toBe("/api/tasks?assigneeId=2&due=week&status=open&limit=25&offset=0");
  });
});

describe("the Assignee select", () => {
  test("shows the member whose tasks are on the board, or everyone", () => {
    expect(assigneeSelectValue("mine", ME)).toBe(String(ME));
    expect(assigneeSelectValue("everyone", ME)).toBe("");
    expect(assigneeSelectValue(2, ME)).toBe("2");
  });

  test("choosing oneself is My tasks, choosing nobody is the whole team", () => {
    expect(assigneeFromSelect(String(ME), ME)).toBe("mine");
    expect(assigneeFromSelect("2", ME)).toBe(2);
    expect(assigneeFromSelect("", ME)).toBe("everyone");
  });
});
