import { t } from "./type-builder.ts";
import { CalendarDay, calendarDate, IsoTime, oneOf, pageQuery, recordId, recordIdField, RequiredShortText } from "./common.ts";

/**
 * The tasks API: follow-up tasks for a team member, on an account or on none.
 *   GET    /api/tasks        a page of tasks, filtered (TaskListQuery → Task[], X-Total-Count)
 *   POST   /api/tasks        create a task (NewTaskBody → Task, 201)
 *   PATCH  /api/tasks/{id}   change, complete, reopen, reschedule or reassign it (TaskChanges → Task)
 *   DELETE /api/tasks/{id}   delete it (204)
 * Each change to a task of an account lands on that account's timeline.
 */
export const TASKS_PATH = "/api/tasks";

/** Done records when it was completed; open again clears that. */
export const TASK_STATUSES = ["open", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** 'manual' tasks are created by people; 'reorder' by staff from the reorder radar; the others by the task automation. */
export const TASK_SOURCES = ["manual", "welcome", "new-contact", "reorder"] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

/** Which tasks to list by status: 'all' lists the open ones before the completed ones. */
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, "all"] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

/** Which tasks by due date, in New York calendar days: 'week' is today and the six days after. In the dashboard's order. */
export const DUE_FILTERS = ["all", "overdue", "today", "week"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** When the caller does not say how many. */
export const DEFAULT_TASK_PAGE_SIZE = 50;

/** Years of imported orders make tens of thousands of tasks: nobody reads more than this many at once. */
export const MAX_TASK_PAGE_SIZE = 200;

/** Room for a few paragraphs; longer is a paste gone wrong. Counted once trimmed. */
export const TASK_NOTES_MAX_LENGTH = 5000;

/**
 * GET /api/tasks: every filter is optional and they combine. Without a status, overdue, today and week look
 * at open tasks only. Open tasks come by due date, completed ones latest completed first.
 * URLs list the parameters in this order, so that one query has one URL.
 */
export const TaskListQuery = t.Object({
  assigneeId: t.Optional(recordId("assigneeId")),
  due: t.Optional(oneOf("due", DUE_FILTERS)),
  dueFrom: t.Optional(calendarDate("dueFrom", "Due on or after this New York date")),
  dueTo: t.Optional(calendarDate("dueTo", "Due on or before this New York date")),
  accountId: t.Optional(recordId("accountId")),
  status: t.Optional(oneOf("status", TASK_STATUS_FILTERS)),
  ...pageQuery(MAX_TASK_PAGE_SIZE),
});
export type TaskListQuery = typeof TaskListQuery.static;

export const Task = t.Object({
  id: t.Integer(),
  title: t.String(),
  notes: t.Union([t.String(), t.Null()]),
  accountId: t.Union([t.Integer(), t.Null()]),
  accountName: t.Union([t.String(), t.Null()]),
  assigneeId: t.Integer(),
  assigneeName: t.String(),
  dueDate: CalendarDay,
  status: oneOf("status", TASK_STATUSES),
  completedAt: t.Union([IsoTime, t.Null()], { description: "Null while the task is open" }),
  createdAt: IsoTime,
  source: oneOf("source", TASK_SOURCES),
});
export type Task = typeof Task.static;

export const TaskList = t.Array(Task);

const optionalTaskFields = {
  notes: t.Optional(t.Union([t.String({ maxLength: TASK_NOTES_MAX_LENGTH }), t.Null()], { description: "Blank is stored as none" })),
  accountId: t.Optional(t.Union([recordIdField("accountId"), t.Null()], { description: "The account the task is about, or null for none" })),
};

/** POST /api/tasks: the assignee must be an active team member. */
export const NewTaskBody = t.Object({
  title: RequiredShortText,
  assigneeId: recordIdField("assigneeId"),
  dueDate: calendarDate("dueDate"),
  ...optionalTaskFields,
});
export type NewTaskBody = typeof NewTaskBody.static;

/** PATCH /api/tasks/{id}: only the fields given change. */
export const TaskChanges = t.Object({
  title: t.Optional(RequiredShortText),
  assigneeId: t.Optional(recordIdField("assigneeId")),
  dueDate: t.Optional(calendarDate("dueDate")),
  ...optionalTaskFields,
  status: t.Optional(oneOf("status", TASK_STATUSES)),
});
export type TaskChanges = typeof TaskChanges.static;
