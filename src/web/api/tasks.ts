import { useCallback } from "react";
import { TASKS_PATH, type NewTaskBody, type Task, type TaskChanges, type TaskListQuery as TaskListRequest } from "../../contracts/tasks.ts";
import { businessToday, type CalendarDate } from "../format/dates";
import { activityUrl } from "./activity";
import { useRefreshReadsUnder } from "./cached-reads";
import { apiRequest, apiUrl } from "./client";
import { usePagedList, type PagedList } from "./paged-reads";

export { DUE_FILTERS, TASKS_PATH } from "../../contracts/tasks.ts";
export type { DueFilter, NewTaskBody as NewTask, Task, TaskChanges, TaskSource, TaskStatus } from "../../contracts/tasks.ts";

/** How many tasks a list shows at first, and how many more each 'Show more' adds: a column's worth, a screen or two. */
export const TASKS_PER_PAGE = 25;

/** What to ask GET /api/tasks for, the page apart; absent filters are left out. */
export type TaskListQuery = Omit<TaskListRequest, "limit" | "offset">;

/** The tasks of a list read so far, and how to read more. */
export interface TaskPages extends Omit<PagedList<Task>, "items"> {
  /** In the server's order; undefined until the first page arrives. */
  tasks: Task[] | undefined;
}

/**
 * A list of tasks read a page at a time: every list of tasks reads through here (the board's columns, an
 * account's Tasks tab, the badge and the bell). A new query keeps the tasks on screen until its answer
 * replaces them, so that columns do not jump; a null query reads nothing.
 */
export function useTaskPages(query: TaskListQuery | null): TaskPages {
  const { items, ...pages } = usePagedList<Task>(query && ((page) => taskListUrl(query, page)), TASKS_PER_PAGE);
  return { tasks: items, ...pages };
}

/** The parameters come in one order, so that one query has one URL and one cached read. */
export function taskListUrl(query: TaskListQuery, page: Required<Pick<TaskListRequest, "limit" | "offset">>): string {
  const { assigneeId, due, dueFrom, dueTo, accountId, status } = query;
  return apiUrl(TASKS_PATH, { assigneeId, due, dueFrom, dueTo, accountId, status, ...page } satisfies TaskListRequest);
}

/** The first page of a list of tasks, as useTaskPages asks for it. */
export function firstTaskPageUrl(query: TaskListQuery): string {
  return taskListUrl(query, { limit: TASKS_PER_PAGE, offset: 0 });
}

/** A user's open tasks that are overdue or due today: the sidebar badge counts the signed-in user's, the header bell lists them. */
export function useTasksNeedingAttention(assigneeId: number | undefined): TaskPages {
  return useTaskPages(assigneeId === undefined ? null : tasksNeedingAttentionQuery(assigneeId, businessToday()));
}

export function tasksNeedingAttentionQuery(assigneeId: number, today: CalendarDate): TaskListQuery {
  return { assigneeId, status: "open", dueTo: today };
}

/**
 * Fetches again every list of tasks (the board's columns, the badge, the bell, the Tasks tabs) and the
 * timelines of the accounts a change touched: a task's change lands on its account's timeline.
 */
export function useRefreshTasks(): (...accountIds: (number | null | undefined)[]) => Promise<void> {
  const refreshReadsUnder = useRefreshReadsUnder();
  return useCallback(
    (...accountIds) => refreshReadsUnder([TASKS_PATH, ...accountIds.filter((id): id is number => typeof id === "number").map(activityUrl)]),
    [refreshReadsUnder],
  );
}

export function createTask(task: NewTaskBody): Promise<Task> {
  return apiRequest<Task>("POST", TASKS_PATH, task);
}

export function updateTask(taskId: number, changes: TaskChanges): Promise<Task> {
  return apiRequest<Task>("PATCH", `${TASKS_PATH}/${taskId}`, changes);
}

export function deleteTask(taskId: number): Promise<void> {
  return apiRequest<void>("DELETE", `${TASKS_PATH}/${taskId}`);
}
