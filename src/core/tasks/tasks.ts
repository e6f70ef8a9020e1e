import { and, asc, count, desc, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { SHORT_TEXT_MAX_LENGTH } from "../../contracts/common.ts";
import { DEFAULT_TASK_PAGE_SIZE, TASK_NOTES_MAX_LENGTH, type NewTaskBody, type TaskChanges, type TaskListQuery, type TaskSource, type TaskStatus } from "../../contracts/tasks.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { announceChange, type Change, type TimelineKind } from "../changes/change-feed.ts";
import { fieldChanges } from "../changes/field-changes.ts";
import type { Actor } from "../changes/actor.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, tasks, users } from "../database/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { addDays, businessToday, requireCalendarDate, formatUsCalendarDate } from "../time/business-calendar.ts";
import { formatCount } from "../../contracts/counts.ts";
import { inTransaction } from "../database/transaction.ts";

export interface TaskView {
  id: number;
  title: string;
  notes: string | null;
  accountId: number | null;
  accountName: string | null;
  assigneeId: number;
  assigneeName: string;
  dueDate: string;
  status: TaskStatus;
  completedAt: Date | null;
  createdAt: Date;
  source: TaskSource;
}

export interface TaskPage {
  tasks: TaskView[];
  /** How many tasks match the filters over all pages. */
  total: number;
}

/**
 * One page of the tasks matching the filters, with how many match in all. Open tasks come by due date,
 * completed ones latest completed first, and status 'all' lists the open ones before the completed ones.
 * Overdue, today and week are measured in New York calendar days and, without a status, look at open tasks.
 * The route has checked the query against its contract; dueFrom and dueTo must also be dates that exist.
 */
export function listTasks(db: CrmDatabase, query: TaskListQuery = {}, now = new Date()): TaskPage {
  const { limit = DEFAULT_TASK_PAGE_SIZE, offset = 0 } = query;
  const matching = and(...filterConditions(query, now));
  const status = query.status ?? (query.due && query.due !== "all" ? "open" : "all");
  if (status !== "all") return pageOfStatus(db, status, matching, limit, offset);
  // Two reads, each in the order of an index, rather than one sorting every open and completed task together.
  const open = pageOfStatus(db, "open", matching, limit, offset);
  const done = pageOfStatus(db, "done", matching, limit - open.tasks.length, Math.max(0, offset - open.total));
  return { tasks: [...open.tasks, ...done.tasks], total: open.total + done.total };
}

export function createTask(db: CrmDatabase, fields: NewTaskBody, actor: Actor): TaskView {
  const title = requiredTitle(fields.title);
  const dueDate = requireCalendarDate("dueDate", fields.dueDate);
  const now = new Date();
  return inTransaction(db, () => {
    const assignee = activeUser(db, fields.assigneeId);
    if (fields.accountId != null) assertAccountExists(db, fields.accountId);
    const [created] = db
      .insert(tasks)
      .values({ title, notes: optionalNotes(fields.notes), accountId: fields.accountId ?? null, assigneeId: assignee.id, dueDate, createdByUserId: actor.userId, source: "manual", createdAt: now, updatedAt: now })
      .returning({ id: tasks.id })
      .all();
    const task = findTask(db, created!.id);
    const summary = `Task created for ${assignee.name}: ${title} (due ${formatUsCalendarDate(dueDate)})`;
    taskChanged(db, task.accountId, { kind: "task_created", summary }, { action: "created", taskIds: [task.id], title, changes: taskChanges(null, task) }, actor);
    return task;
  });
}

/** Edits any field; status done completes the task, open reopens it. Each change is on the account's timeline. */
export function updateTask(db: CrmDatabase, id: number, fields: TaskChanges, actor: Actor): TaskView {
  return inTransaction(db, () => {
    const before = findTask(db, id);
    const changes: Partial<typeof tasks.$inferInsert> = {};
    const events: string[] = [];
    if (fields.title !== undefined && requiredTitle(fields.title) !== before.title) changes.title = requiredTitle(fields.title);
    if (fields.notes !== undefined) changes.notes = optionalNotes(fields.notes);
    if (fields.accountId !== undefined && fields.accountId !== before.accountId) {
      if (fields.accountId !== null) assertAccountExists(db, fields.accountId);
      changes.accountId = fields.accountId;
    }
    if (fields.dueDate !== undefined && requireCalendarDate("dueDate", fields.dueDate) !== before.dueDate) {
      changes.dueDate = requireCalendarDate("dueDate", fields.dueDate);
      events.push(`Rescheduled task "${before.title}" to ${formatUsCalendarDate(changes.dueDate)}`);
    }
    if (fields.assigneeId !== undefined && fields.assigneeId !== before.assigneeId) {
      const assignee = activeUser(db, fields.assigneeId);
      changes.assigneeId = assignee.id;
      events.push(`Reassigned task "${before.title}" to ${assignee.name}`);
    }
    if (fields.status !== undefined && fields.status !== before.status) {
      changes.status = fields.status;
      changes.completedAt = fields.status === "done" ? new Date() : null;
      events.push(`${fields.status === "done" ? "Completed" : "Reopened"} task "${before.title}"`);
    }
    if (Object.keys(changes).length === 0) return before;
    db.update(tasks).set({ ...changes, updatedAt: new Date() }).where(eq(tasks.id, id)).run();
    const after = findTask(db, id);
    const summary = events.join("; ") || `Edited task "${changes.title ?? before.title}"`;
    taskChanged(db, after.accountId, { kind: "task_updated", summary }, { action: "updated", taskIds: [id], title: after.title, changes: taskChanges(before, after) }, actor);
    return after;
  });
}

export function deleteTask(db: CrmDatabase, id: number, actor: Actor): void {
  inTransaction(db, () => {
    const task = findTask(db, id);
    db.delete(tasks).where(eq(tasks.id, id)).run();
    taskChanged(db, task.accountId, { kind: "task_deleted", summary: `Deleted task "${task.title}"` }, { action: "deleted", taskIds: [id], title: task.title, changes: taskChanges(task, null) }, actor);
  });
}

type TaskChange = Pick<Extract<Change, { type: "tasks_changed" }>, "action" | "taskIds" | "title" | "changes">;

/** A task changed: its account's timeline says how, when it has one. */
function taskChanged(db: CrmDatabase, accountId: number | null, line: { kind: TimelineKind; summary: string }, change: TaskChange, actor: Actor): void {
  const accountIds = accountId === null ? [] : [accountId];
  announceChange(db, { type: "tasks_changed", accountIds, ...change, actor, at: new Date(), timeline: accountIds.map((id) => ({ accountId: id, ...line })) });
}

const TASK_FIELDS = ["title", "notes", "accountName", "assigneeName", "dueDate", "status"] as const;
const TASK_FIELD_LABELS = { accountName: "account", assigneeName: "assignee", dueDate: "due date" };

function taskChanges(before: TaskView | null, after: TaskView | null) {
  return fieldChanges(before ?? {}, after ?? {}, TASK_FIELDS, TASK_FIELD_LABELS);
}

export function findTask(db: CrmQueries, id: number): TaskView {
  const task = taskQuery(db).where(eq(tasks.id, id)).get();
  if (!task) throw notFound("Task not found");
  return task;
}

function filterConditions(filters: TaskListQuery, now: Date): (SQL | undefined)[] {
  const today = businessToday(now);
  const conditions: (SQL | undefined)[] = [];
  if (filters.assigneeId !== undefined) conditions.push(eq(tasks.assigneeId, filters.assigneeId));
  if (filters.accountId !== undefined) conditions.push(eq(tasks.accountId, filters.accountId));
  if (filters.due === "overdue") conditions.push(lt(tasks.dueDate, today));
  if (filters.due === "today") conditions.push(eq(tasks.dueDate, today));
  if (filters.due === "week") conditions.push(and(gte(tasks.dueDate, today), lte(tasks.dueDate, addDays(today, 6))));
  if (filters.dueFrom !== undefined) conditions.push(gte(tasks.dueDate, requireCalendarDate("dueFrom", filters.dueFrom)));
  if (filters.dueTo !== undefined) conditions.push(lte(tasks.dueDate, requireCalendarDate("dueTo", filters.dueTo)));
  return conditions;
}

/**
 * Open tasks come in the order of the (…, status, due_date) indexes, whose last key is the id. Completed ones,
 * latest first, are sorted: no index keeps completed_at.
 */
function pageOfStatus(db: CrmQueries, status: TaskStatus, matching: SQL | undefined, limit: number, offset: number): TaskPage {
  const where = and(eq(tasks.status, status), matching);
  const order = status === "open" ? [asc(tasks.dueDate), asc(tasks.id)] : [desc(tasks.completedAt), desc(tasks.id)];
  return {
    tasks: limit === 0 ? [] : taskQuery(db).where(where).orderBy(...order).limit(limit).offset(offset).all(),
    total: db.select({ total: count() }).from(tasks).where(where).get()?.total ?? 0,
  };
}

function taskQuery(db: CrmQueries) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      notes: tasks.notes,
      accountId: tasks.accountId,
      accountName: accounts.name,
      assigneeId: tasks.assigneeId,
      assigneeName: users.name,
      dueDate: tasks.dueDate,
      status: tasks.status,
      completedAt: tasks.completedAt,
      createdAt: tasks.createdAt,
      source: tasks.source,
    })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.assigneeId))
    .leftJoin(accounts, eq(accounts.id, tasks.accountId))
    .$dynamic();
}

function activeUser(db: CrmQueries, userId: number) {
  const user = db.select({ id: users.id, name: users.name, active: users.active }).from(users).where(eq(users.id, userId)).get();
  if (!user || !user.active) throw invalid("assigneeId", "assigneeId must be an active team member");
  return user;
}

function requiredTitle(value: string): string {
  const title = value.trim();
  if (!title) throw invalid("title", "title is required");
  if (title.length > SHORT_TEXT_MAX_LENGTH) throw invalid("title", `title must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return title;
}

function optionalNotes(value: string | null | undefined): string | null {
  const notes = value?.trim() ?? "";
  if (notes.length > TASK_NOTES_MAX_LENGTH) throw invalid("notes", `notes must be at most ${formatCount(TASK_NOTES_MAX_LENGTH)} characters`);
  return notes || null;
}
