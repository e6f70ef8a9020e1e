import { describe, expect, test } from "bun:test";
import { MAX_TASK_PAGE_SIZE } from "../../contracts/tasks.ts";
import { taskListUrl, TASKS_PER_PAGE } from "./tasks";

describe("taskListUrl", () => {
  test("sends the filters given, then the page", () => {
    expect(taskListUrl({ assigneeId: 2, status: "open", dueTo: "2026-11-21" }, { limit: 25, offset: 50 })).toBe("/api/tasks?assigneeId=2&dueTo=2026-11-21&status=open&limit=25&offset=50");
    expect(taskListUrl({ due: "week", dueFrom: "2026-11-22", accountId: 7 }, { limit: 25, offset: 0 })).toBe("/api/tasks?due=week&dueFrom=2026-11-22&accountId=7&limit=25&offset=0");
  });

  test("asks for pages the server gives", () => {
    expect(TASKS_PER_PAGE).toBeLessThanOrEqual(MAX_TASK_PAGE_SIZE);
  });
});
