import { and, asc, count, eq, gte, lt, lte, type SQL } from "drizzle-orm";
import { assertAccountExists } from "../accounts/account-exists.ts";
import { recordActivity } from "../activity/activity.ts";
import type { Actor } from "../activity/actor.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, tasks, users } from "../database/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { addDays, businessToday, requireCalendarDate } from "./calendar-date.ts";

export const DUE_FILTERS = ["overdue", "today", "week", "all"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export interface TaskView {
  id: number;
  title: string;
  notes: string | null;
  accountId: number | null;
  accountName: string | null;
  assigneeId: number;
  assigneeName: string;
  dueDate: string;
  status: "open" | "done";
  completedAt: Date | null;
  createdAt: Date;
  source: "manual" | "welcome" | "new-contact";
}

export interface TaskFilters {
  assigneeId?: number;
  due?: DueFilter;
  accountId?: number;
  status?: "open" | "done" | "all";
}

export interface TaskFields {
  title?: string;
  notes?: string | null;
  accountId?: number | null;
  assigneeId?: number;
  dueDate?: string;
  status?: "open" | "done";
}

/** At most this many tasks come in one answer; the total says how many match. */
export const TASK_LIST_LIMIT = 1000;

/** Tasks in due-date order. Overdue, today and week are measured in New York calendar days and look at open tasks. */
export function listTasks(db: CrmDatabase, filters: TaskFilters = {}, now = new Date()): { tasks: TaskView[]; total: number } {
  const today = businessToday(now);
  const conditions: (SQL | undefined)[] = [];
  if (filters.assigneeId !== undefined) conditions.push(eq(tasks.assigneeId, filters.assigneeId));
  if (filters.accountId !== undefined) conditions.push(eq(tasks.accountId, filters.accountId));
  const status = filters.status ?? (filters.due && filters.due !== "all" ? "open" : "all");
  if (status !== "all") conditions.push(eq(tasks.status, status));
  if (filters.due === "overdue") conditions.push(lt(tasks.dueDate, today));
  if (filters.due === "today") conditions.push(eq(tasks.dueDate, today));
  if (filters.due === "week") conditions.push(and(gte(tasks.dueDate, today), lte(tasks.dueDate, addDays(today, 6))));
  const where = and(...conditions);
  return {
    tasks: taskQuery(db).where(where).orderBy(asc(tasks.dueDate), asc(tasks.id)).limit(TASK_LIST_LIMIT).all(),
    total: db.select({ total: count() }).from(tasks).where(where).get()?.total ?? 0,
  };
}

/** Open tasks of a user that are overdue or due today: the sidebar badge and the bell. */
export function tasksNeedingAttention(db: CrmDatabase, userId: number, now = new Date()): TaskView[] {
  return taskQuery(db)
    .where(and(eq(tasks.assigneeId, userId), eq(tasks.status, "open"), lte(tasks.dueDate, businessToday(now))))
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .all();
}

export function createTask(db: CrmDatabase, fields: TaskFields, actor: Actor): TaskView {
  const title = requiredTitle(fields.title);
  const dueDate = requireCalendarDate("dueDate", fields.dueDate ?? "");
  if (fields.assigneeId === undefined) throw invalid("assigneeId", "assigneeId is required");
  const now = new Date();
  return db.transaction((tx) => {
    const assignee = activeUser(tx, fields.assigneeId!);
    if (fields.accountId != null) assertAccountExists(tx, fields.accountId);
    const [created] = tx
      .insert(tasks)
      .values({ title, notes: optionalNotes(fields.notes), accountId: fields.accountId ?? null, assigneeId: assignee.id, dueDate, createdByUserId: actor.userId, source: "manual", createdAt: now, updatedAt: now })
      .returning({ id: tasks.id })
      .all();
    if (fields.accountId != null) recordActivity(tx, fields.accountId, "task_created", `Task created for ${assignee.name}: ${title} (due ${usDate(dueDate)})`, actor);
    return findTask(tx, created!.id);
  });
}

/** Edits any field; status done completes the task, open reopens it. Each change is on the account's timeline. */
export function updateTask(db: CrmDatabase, id: number, fields: TaskFields, actor: Actor): TaskView {
  return db.transaction((tx) => {
    const before = findTask(tx, id);
    const changes: Partial<typeof tasks.$inferInsert> = {};
    const events: string[] = [];
    if (fields.title !== undefined && requiredTitle(fields.title) !== before.title) changes.title = requiredTitle(fields.title);
    if (fields.notes !== undefined) changes.notes = optionalNotes(fields.notes);
    if (fields.accountId !== undefined && fields.accountId !== before.accountId) {
      if (fields.accountId !== null) assertAccountExists(tx, fields.accountId);
      changes.accountId = fields.accountId;
    }
    if (fields.dueDate !== undefined && requireCalendarDate("dueDate", fields.dueDate) !== before.dueDate) {
      changes.dueDate = requireCalendarDate("dueDate", fields.dueDate);
      events.push(`Rescheduled task "${before.title}" to ${usDate(changes.dueDate)}`);
    }
    if (fields.assigneeId !== undefined && fields.assigneeId !== before.assigneeId) {
      const assignee = activeUser(tx, fields.assigneeId);
      changes.assigneeId = assignee.id;
      events.push(`Reassigned task "${before.title}" to ${assignee.name}`);
    }
    if (fields.status !== undefined && fields.status !== before.status) {
      if (fields.status !== "open" && fields.status !== "done") throw invalid("status", "status must be open or done");
      changes.status = fields.status;
      changes.completedAt = fields.status === "done" ? new Date() : null;
      events.push(`${fields.status === "done" ? "Completed" : "Reopened"} task "${before.title}"`);
    }
    if (Object.keys(changes).length === 0) return before;
    tx.update(tasks).set({ ...changes, updatedAt: new Date() }).where(eq(tasks.id, id)).run();
    const accountId = changes.accountId === undefined ? before.accountId : changes.accountId;
    if (accountId !== null) recordActivity(tx, accountId, "task_updated", events.join("; ") || `Edited task "${changes.title ?? before.title}"`, actor);
    return findTask(tx, id);
  });
}

export function deleteTask(db: CrmDatabase, id: number, actor: Actor): void {
  db.transaction((tx) => {
    const task = findTask(tx, id);
    tx.delete(tasks).where(eq(tasks.id, id)).run();
    if (task.accountId !== null) recordActivity(tx, task.accountId, "task_deleted", `Deleted task "${task.title}"`, actor);
  });
}

export function findTask(db: CrmQueries, id: number): TaskView {
  const task = taskQuery(db).where(eq(tasks.id, id)).get();
  if (!task) throw notFound("Task not found");
  return task;
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

function requiredTitle(value: string | undefined): string {
  const title = value?.trim() ?? "";
  if (!title) throw invalid("title", "title is required");
  if (title.length > 200) throw invalid("title", "title must be at most 200 characters");
  return title;
}

function optionalNotes(value: string | null | undefined): string | null {
  const notes = value?.trim() ?? "";
  if (notes.length > 5000) throw invalid("notes", "notes must be at most 5,000 characters");
  return notes || null;
}

function usDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${month}/${day}/${year}`;
}
