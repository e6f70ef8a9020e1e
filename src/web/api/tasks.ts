import { useCallback } from "react";
import useSWRInfinite from "swr/infinite";
import { TASKS_PATH, type NewTaskBody, type Task, type TaskChanges, type TaskListQuery as TaskListRequest } from "../../contracts/tasks.ts";
import { businessToday, type CalendarDate } from "../format/dates";
import { activityUrl } from "./activity";
import { useRefreshReadsUnder } from "./cached-reads";
import { apiRequest, apiUrl, fetchCountedList, type CountedList } from "./client";

export { DUE_FILTERS, TASKS_PATH } from "../../contracts/tasks.ts";
export type { DueFilter, NewTaskBody as NewTask, Task, TaskChanges, TaskSource, TaskStatus } from "../../contracts/tasks.ts";

/** How many tasks a list shows at first, and how many more each 'Show more' adds: a column's worth, a screen or two. */
export const TASKS_PER_PAGE = 25;

/** What to ask GET /api/tasks for, the page apart; absent filters are left out. */
export type TaskListQuery = Omit<TaskListRequest, "limit" | "offset">;

/** The tasks of a list read so far, and how to read more. */
export interface TaskPages {
  /** In the server's order; undefined until the first page arrives. */
  tasks: Task[] | undefined;
  /** How many tasks match over all pages; undefined until the first page arrives. */
  total: number | undefined;
  error: unknown;
  /** Some matching tasks are not read yet. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Reads the next TASKS_PER_PAGE tasks after those read. */
  showMore: () => void;
  /** Reads every page read so far again. */
  refresh: () => void;
}

/**
 * A list of tasks read a page at a time: every list of tasks reads through here (the board's columns, an
 * account's Tasks tab, the badge and the bell). A new query keeps the tasks on screen until its answer
 * replaces them, so that columns do not jump; a null query reads nothing.
 */
export function useTaskPages(query: TaskListQuery | null): TaskPages {
  const { data, error, size, setSize, mutate } = useSWRInfinite<CountedList<Task>, unknown>(
    (index) => query && taskListUrl(query, { limit: TASKS_PER_PAGE, offset: index * TASKS_PER_PAGE }),
    fetchCountedList,
    // The pages' offsets do not depend on each other's answers.
    { keepPreviousData: true, parallel: true },
  );
  const showMore = useCallback(() => void setSize(size + 1), [setSize, size]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const total = data?.[0]?.total;
  const received = data?.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  return {
    tasks: data && withoutRepeats(data.flatMap((page) => page.items)),
    total,
    error,
    // A short last page ends the list even if the count has grown since the first page was read.
    hasMore: total !== undefined && received < total && data?.at(-1)?.items.length === TASKS_PER_PAGE,
    isLoadingMore: error === undefined && data !== undefined && data.length < size,
    showMore,
    refresh,
  };
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
 * A task added or removed by someone else between reading two pages shifts the later pages by one:
 * a task may then come twice, and is shown once.
 */
function withoutRepeats(tasks: Task[]): Task[] {
  const seen = new Set<number>();
  return tasks.filter((task) => {
    if (seen.has(task.id)) return false;
    seen.add(task.id);
    return true;
  });
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
