import type { TaskListQuery, TaskSource } from "../../api/tasks";
import { addDays, type CalendarDate } from "../../format/dates";

export type DueColumnKey = "overdue" | "today" | "upcoming";

export interface DueColumnDefinition {
  key: DueColumnKey;
  title: string;
  emptyText: string;
}

/** The Tasks screen's columns, left to right: the most pressing first. */
export const DUE_COLUMNS: readonly DueColumnDefinition[] = [
  { key: "overdue", title: "Overdue", emptyText: "No overdue tasks" },
  { key: "today", title: "Due Today", emptyText: "Nothing due today" },
  { key: "upcoming", title: "Upcoming", emptyText: "No upcoming tasks" },
];

/** Where a task falls against today's New York date. Dates 'YYYY-MM-DD' compare as text. */
export function dueColumnOf(dueDate: CalendarDate, today: CalendarDate): DueColumnKey {
  if (dueDate < today) return "overdue";
  return dueDate === today ? "today" : "upcoming";
}

/** The due dates a column holds, from today's New York date: the board asks the server for each column apart. */
export function dueRangeOf(column: DueColumnKey, today: CalendarDate): Pick<TaskListQuery, "dueFrom" | "dueTo"> {
  if (column === "overdue") return { dueTo: addDays(today, -1) };
  if (column === "today") return { dueFrom: today, dueTo: today };
  return { dueFrom: addDays(today, 1) };
}

/** The tasks of the board's query that a column shows. */
export function columnQueryOf(query: TaskListQuery, column: DueColumnKey, today: CalendarDate): TaskListQuery {
  return { ...query, ...dueRangeOf(column, today) };
}

export interface RescheduleChoice {
  label: string;
  date: CalendarDate;
  testId: string;
}

/** The one-click dates of the Reschedule menu, counted from today in New York, not from the task's old due date. */
export function quickRescheduleChoices(today: CalendarDate): RescheduleChoice[] {
  return [
    { label: "Tomorrow", date: addDays(today, 1), testId: "reschedule-tomorrow" },
    { label: "Next week", date: addDays(today, 7), testId: "reschedule-next-week" },
  ];
}

/** The badge of a task the automation or the reorder radar created; people's own tasks have none. */
export function sourceLabel(source: TaskSource): string | null {
  if (source === "welcome") return "Welcome";
  if (source === "new-contact") return "New contact";
  if (source === "reorder") return "Reorder";
  return null;
}
