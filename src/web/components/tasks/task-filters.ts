import { DUE_FILTERS, type DueFilter, type TaskListQuery } from "../../api/tasks";
import type { SelectOption } from "../Select";

/** What the Tasks screen shows, kept in its URL so that a filtered board can be bookmarked or shared. */
export interface TaskBoardFilters {
  /** Undefined for all team members. */
  assigneeId?: number;
  due: DueFilter;
}

const DUE_LABELS: Record<DueFilter, string> = { all: "All Tasks", overdue: "Overdue", today: "Due Today", week: "This Week" };

export const DUE_FILTER_OPTIONS: readonly SelectOption[] = DUE_FILTERS.map((due) => ({ value: due, label: DUE_LABELS[due] }));

export function dueFilterOf(value: string | null): DueFilter {
  return DUE_FILTERS.find((due) => due === value) ?? "all";
}

/** A missing or malformed assignee means everyone. */
export function assigneeIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

export function filtersFromSearch(search: URLSearchParams): TaskBoardFilters {
  return { assigneeId: assigneeIdOf(search.get("assigneeId")), due: dueFilterOf(search.get("due")) };
}

/** Defaults are left out of the URL: the unfiltered board is plain /tasks. */
export function searchFromFilters(filters: TaskBoardFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.assigneeId !== undefined) search.set("assigneeId", String(filters.assigneeId));
  if (filters.due !== "all") search.set("due", filters.due);
  return search;
}

/** Both filters are applied by the server; the board shows open tasks only. */
export function boardQueryOf(filters: TaskBoardFilters): TaskListQuery {
  return { assigneeId: filters.assigneeId, due: filters.due, status: "open" };
}
