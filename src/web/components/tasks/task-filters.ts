import { DUE_FILTERS, type DueFilter, type TaskListQuery } from "../../api/tasks";
import type { SelectOption } from "../../ui/Select";

/** Whose tasks the board shows: the signed-in user's, the whole team's, or one member's (a user id). */
export type BoardAssignee = "mine" | "everyone" | number;

/** What the Tasks screen shows, kept in its URL so that a filtered board can be bookmarked or shared. */
export interface TaskBoardFilters {
  assignee: BoardAssignee;
  due: DueFilter;
}

const DUE_LABELS: Record<DueFilter, string> = { all: "All Tasks", overdue: "Overdue", today: "Due Today", week: "This Week" };

export const DUE_FILTER_OPTIONS: readonly SelectOption[] = DUE_FILTERS.map((due) => ({ value: due, label: DUE_LABELS[due] }));

export function dueFilterOf(value: string | null): DueFilter {
  return DUE_FILTERS.find((due) => due === value) ?? "all";
}

/** A missing or malformed id is none. */
export function assigneeIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Plain /tasks is the signed-in user's board; ?assignee=all the team's; ?assigneeId=N one member's. */
export function filtersFromSearch(search: URLSearchParams): TaskBoardFilters {
  const memberId = assigneeIdOf(search.get("assigneeId"));
  const assignee = memberId ?? (search.get("assignee") === "all" ? "everyone" : "mine");
  return { assignee, due: dueFilterOf(search.get("due")) };
}

/** Defaults are left out of the URL: the user's own board, all due dates, is plain /tasks. */
export function searchFromFilters(filters: TaskBoardFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.assignee === "everyone") search.set("assignee", "all");
  if (typeof filters.assignee === "number") search.set("assigneeId", String(filters.assignee));
  if (filters.due !== "all") search.set("due", filters.due);
  return search;
}

/** Both filters are applied by the server, on open tasks only; null while the signed-in user is not known yet. */
export function boardQueryOf(filters: TaskBoardFilters, myId: number | undefined): TaskListQuery | null {
  if (filters.assignee === "mine") return myId === undefined ? null : { assigneeId: myId, due: filters.due, status: "open" };
  return { assigneeId: filters.assignee === "everyone" ? undefined : filters.assignee, due: filters.due, status: "open" };
}

/** The Assignee select's value for the board: the member whose tasks are shown, '' for the whole team. */
export function assigneeSelectValue(assignee: BoardAssignee, myId: number | undefined): string {
  if (assignee === "everyone") return "";
  return String(assignee === "mine" ? (myId ?? "") : assignee);
}

/** A choice in the Assignee select: choosing oneself is 'My tasks', so that the URL has one form for it. */
export function assigneeFromSelect(value: string, myId: number | undefined): BoardAssignee {
  const id = assigneeIdOf(value || null);
  if (id === undefined) return "everyone";
  return id === myId ? "mine" : id;
}
