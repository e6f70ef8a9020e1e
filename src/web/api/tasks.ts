import { useCallback } from "react";
import useSWR from "swr";
import type { toTaskJson } from "../../server/json/task-json.ts";
import type { CalendarDate } from "../format/dates";
import { activityUrl } from "./activity";
import { useRefreshReadsUnder } from "./cached-reads";
import { apiRequest } from "./client";

export const TASKS_PATH = "/api/tasks";

/** The signed-in user's open tasks that are overdue or due today: the sidebar badge and the header bell. */
export const TASKS_NEEDING_ATTENTION_KEY = `${TASKS_PATH}/attention`;

/** dueDate is a New York calendar day (a CalendarDate); times are ISO strings, completedAt null while open. */
export type Task = ReturnType<typeof toTaskJson>;

/** 'manual' tasks are created by people; the others by the task automation. */
export type TaskSource = Task["source"];

export type TaskStatus = Task["status"];

/** Which open tasks by due date, in New York calendar days: 'week' is today and the six days after. */
export const DUE_FILTERS = ["all", "overdue", "today", "week"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** What to ask GET /api/tasks for; absent filters are left out. */
export interface TaskListQuery {
  assigneeId?: number;
  due?: DueFilter;
  accountId?: number;
  status?: TaskStatus | "all";
}

export interface NewTask {
  title: string;
  notes: string | null;
  accountId: number | null;
  assigneeId: number;
  dueDate: CalendarDate;
}

export type TaskChanges = Partial<Pick<Task, "title" | "notes" | "accountId" | "assigneeId" | "dueDate" | "status">>;

export interface TasksNeedingAttention {
  count: number;
  /** Oldest due date first. */
  tasks: Task[];
}

/** Tasks by due date; kept on screen while a filter change or a task change refetches them, so the columns do not jump. */
export function useTaskList(query: TaskListQuery) {
  const { data, error, mutate } = useSWR<Task[]>(taskListUrl(query), { keepPreviousData: true });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { tasks: data, error, retry };
}

export function taskListUrl(query: TaskListQuery): string {
  const params = new URLSearchParams();
  if (query.assigneeId !== undefined) params.set("assigneeId", String(query.assigneeId));
  if (query.due) params.set("due", query.due);
  if (query.accountId !== undefined) params.set("accountId", String(query.accountId));
  if (query.status) params.set("status", query.status);
  const search = params.toString();
  return search ? `${TASKS_PATH}?${search}` : TASKS_PATH;
}

/** The badge and the bell read this one key, and every task change refreshes it (see useTaskChanges). */
export function useTasksNeedingAttention() {
  const { data, error, mutate } = useSWR<TasksNeedingAttention>(TASKS_NEEDING_ATTENTION_KEY, { keepPreviousData: true });
  const refresh = useCallback(() => void mutate(), [mutate]);
  return { attention: data, error, refresh };
}

/**
 * Creates, changes and deletes tasks. Every change goes through here, so that everything showing
 * tasks follows it: the Tasks screen, an account's Tasks tab, the badge and the bell. The timeline
 * of each account the task belongs or belonged to is refreshed too, since the server records the change there.
 * Each function resolves once those reads have been fetched again.
 */
export function useTaskChanges() {
  const refreshReadsUnder = useRefreshReadsUnder();

  const refreshAfterChange = useCallback(
    (...accountIds: (number | null)[]) => {
      const timelines = accountIds.filter((id): id is number => id !== null).map(activityUrl);
      return refreshReadsUnder([TASKS_PATH, ...timelines]);
    },
    [refreshReadsUnder],
  );

  const createTask = useCallback(
    async (task: NewTask) => {
      const created = await apiRequest<Task>("POST", TASKS_PATH, task);
      await refreshAfterChange(created.accountId);
      return created;
    },
    [refreshAfterChange],
  );

  const updateTask = useCallback(
    async (task: Task, changes: TaskChanges) => {
      const updated = await apiRequest<Task>("PATCH", `${TASKS_PATH}/${task.id}`, changes);
      await refreshAfterChange(task.accountId, updated.accountId);
      return updated;
    },
    [refreshAfterChange],
  );

  const deleteTask = useCallback(
    async (task: Task) => {
      await apiRequest<void>("DELETE", `${TASKS_PATH}/${task.id}`);
      await refreshAfterChange(task.accountId);
    },
    [refreshAfterChange],
  );

  return { createTask, updateTask, deleteTask };
}
