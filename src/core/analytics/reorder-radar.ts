import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_REORDER_PAGE_SIZE,
  MAX_REORDER_TASKS_AT_ONCE,
  type ReorderAccount,
  type ReorderBand,
  type ReorderBandCounts,
  type ReorderSort,
  type ReordersQuery,
  type ReorderTasksBody,
  type ReorderTasksResult,
} from "../../contracts/analytics.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { reorderBandCondition, RHYTHM_COLUMNS, standingOf, type RhythmRow } from "../accounts/account-rhythm.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, tasks, users } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { centsToDollars } from "../money/money.ts";
import { businessDayNumberToday, businessToday, dateOfBusinessDay, formatUsCalendarDate } from "../time/business-calendar.ts";
import { formatCount } from "../../contracts/counts.ts";
import { inTransaction } from "../database/transaction.ts";

/**
 * The reorder radar: accounts with an ordering rhythm (purchase-days.ts keeps it on the account, with the
 * days its bands begin) by where they stand today. A band is a range of those days, so listing and
 * counting one reads an index, and the answer changes with the data or with the New York day.
 */

/** A page of a band's accounts, most valuable first unless sorted otherwise, and how many the band has. */
export function listReorderAccounts(db: CrmDatabase, query: ReordersQuery, now = new Date()): { accounts: ReorderAccount[]; total: number } {
  const today = businessDayNumberToday(now);
  const sort = query.sort ?? "totalOrderValue";
  const direction = query.dir ?? (query.sort === undefined ? "desc" : "asc");
  const limit = query.limit ?? DEFAULT_REORDER_PAGE_SIZE;
  const offset = query.offset ?? 0;
  return db.answers.remember(`analytics:reorders:${query.status}:${sort}:${direction}:${limit}:${offset}:${today}`, () => {
    const order = direction === "asc" ? asc : desc;
    const ordering = [order(sortColumn(sort, today)), order(accounts.id)];
    // The page's ids first, from the band's index alone (schema.ts), then only their rows.
    const page = db
      .select({ id: accounts.id })
      .from(accounts)
      .where(reorderBandCondition(query.status, today))
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset)
      .as("page");
    const rows = db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        orderCount: accounts.orderCount,
        totalOrderCents: accounts.totalOrderCents,
        ownerUserId: accounts.ownerUserId,
        ...RHYTHM_COLUMNS,
      })
      .from(page)
      .innerJoin(accounts, eq(accounts.id, page.id))
      .orderBy(...ordering)
      .all();
    return {
      total: countBand(db, query.status, today),
      accounts: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        orderCount: row.orderCount,
        totalOrderValue: centsToDollars(row.totalOrderCents),
        lastOrderDate: dateOfBusinessDay(row.lastDay!),
        // Every row of the page is in the band by reorderBandCondition, the rule the account screen's status reads too.
        ...standingOf(row as RhythmRow, query.status, today),
        ownerUserId: row.ownerUserId,
      })),
    };
  });
}

/** How many accounts each band has today. */
export function countReorderBands(db: CrmDatabase, now = new Date()): ReorderBandCounts {
  const today = businessDayNumberToday(now);
  return db.answers.remember(`analytics:reorderCounts:${today}`, () => ({
    due: countBand(db, "due", today),
    "at-risk": countBand(db, "at-risk", today),
    lapsed: countBand(db, "lapsed", today),
  }));
}

/**
 * A 'Reorder check: {account}' task, due today, for each chosen account of the band (all of it without a
 * choice), assigned to its owner, or to the caller for an account whose owner is gone or who has none.
 * Accounts no longer in the band are left out; those with an open reorder check get no second one. One
 * transaction, each task on its account's timeline.
 */
export function createReorderTasks(db: CrmDatabase, body: ReorderTasksBody, actor: Actor, now = new Date()): ReorderTasksResult {
  const today = businessDayNumberToday(now);
  const dueDate = businessToday(now);
  return inTransaction(db, () => {
    const conditions = [reorderBandCondition(body.status, today)];
    if (body.accountIds !== undefined) conditions.push(inArray(accounts.id, body.accountIds));
    const chosen = db
      .select({
        id: accounts.id,
        name: accounts.name,
        ownerUserId: accounts.ownerUserId,
        ownerActive: users.active,
        ownerName: users.name,
        hasOpenCheck: sql<number>`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.accountId} = ${accounts.id} AND ${tasks.source} = 'reorder' AND ${tasks.status} = 'open')`,
      })
      .from(accounts)
      .leftJoin(users, eq(users.id, accounts.ownerUserId))
      .where(and(...conditions))
      .limit(MAX_REORDER_TASKS_AT_ONCE + 1)
      .all();
    if (chosen.length > MAX_REORDER_TASKS_AT_ONCE) {
      throw invalid("accountIds", `The band has more than ${formatCount(MAX_REORDER_TASKS_AT_ONCE)} accounts: select the ones to check`);
    }
    const toCheck = chosen.filter((account) => account.hasOpenCheck === 0);
    if (toCheck.length > 0) {
      const at = now;
      const assignees = toCheck.map((account) =>
        account.ownerUserId !== null && account.ownerActive ? { id: account.ownerUserId, name: account.ownerName! } : { id: actor.userId!, name: actor.name },
      );
      const created = db
        .insert(tasks)
        .values(
          toCheck.map((account, index) => ({
            title: `Reorder check: ${account.name}`,
            accountId: account.id,
            assigneeId: assignees[index]!.id,
            dueDate,
            createdByUserId: actor.userId,
            source: "reorder" as const,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning({ id: tasks.id })
        .all();
      announceChange(db, {
        type: "tasks_changed",
        accountIds: toCheck.map((account) => account.id),
        action: "created",
        taskIds: created.map((task) => task.id),
        title: "Reorder check",
        changes: [],
        actor,
        at,
        timeline: toCheck.map((account, index) => ({
          accountId: account.id,
          kind: "task_created",
          summary: `Task created for ${assignees[index]!.name}: Reorder check: ${account.name} (due ${formatUsCalendarDate(dueDate)})`,
        })),
      });
    }
    const alreadyOpen = chosen.length - toCheck.length;
    return { created: toCheck.length, alreadyOpen, message: describeCreated(toCheck.length, alreadyOpen) };
  });
}

function describeCreated(created: number, alreadyOpen: number): string {
  const tasksText = `${formatCount(created)} reorder check ${created === 1 ? "task" : "tasks"} created`;
  if (alreadyOpen === 0) return tasksText;
  return `${tasksText}; ${formatCount(alreadyOpen)} ${alreadyOpen === 1 ? "account already has" : "accounts already have"} one open`;
}

function countBand(db: CrmQueries, band: ReorderBand, today: number): number {
  return db.select({ total: count() }).from(accounts).where(reorderBandCondition(band, today)).get()?.total ?? 0;
}

function sortColumn(sort: ReorderSort, today: number): SQL {
  const columns: Record<ReorderSort, SQL> = {
    name: sql`${accounts.name} COLLATE NOCASE`,
    orderCount: sql`${accounts.orderCount}`,
    totalOrderValue: sql`${accounts.totalOrderCents}`,
    lastOrderDate: sql`${accounts.rhythmLastDay}`,
    medianGapDays: sql`${accounts.rhythmGapDays}`,
    expectedNextOrderDate: sql`${accounts.rhythmExpectedDay}`,
    daysOverdue: sql`${today} - ${accounts.rhythmExpectedDay}`,
  };
  return columns[sort];
}
