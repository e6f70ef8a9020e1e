import { describe, expect, test } from "bun:test";
import { taskListUrl } from "../../api/tasks";
import { boardQueryOf, filtersFromSearch, searchFromFilters } from "./task-filters";

describe("filtersFromSearch", () => {
  test("reads the assignee and the due date", () => {
    expect(filtersFromSearch(new URLSearchParams("assigneeId=2&due=week"))).toEqual({ assigneeId: 2, due: "week" });
  });

  test("falls back to everyone and all tasks for missing or unknown values", () => {
    expect(filtersFromSearch(new URLSearchParams(""))).toEqual({ assigneeId: undefined, due: "all" });
    expect(filtersFromSearch(new URLSearchParams("assigneeId=abc&due=someday"))).toEqual({ assigneeId: undefined, due: "all" });
    expect(filtersFromSearch(new URLSearchParams("assigneeId=0"))).toEqual({ assigneeId: undefined, due: "all" });
  });
});

describe("searchFromFilters", () => {
  test("leaves the defaults out", () => {
    expect(searchFromFilters({ due: "all" }).toString()).toBe("");
    expect(searchFromFilters({ assigneeId: 3, due: "overdue" }).toString()).toBe("assigneeId=3&due=overdue");
  });
});

describe("boardQueryOf", () => {
  test("sends both filters to the server and asks for open tasks only", () => {
    expect(taskListUrl(boardQueryOf({ assigneeId: 2, due: "today" }))).toBe("/api/tasks?assigneeId=2&due=today&status=open");
    expect(taskListUrl(boardQueryOf({ due: "all" }))).toBe("/api/tasks?due=all&status=open");
  });
});
