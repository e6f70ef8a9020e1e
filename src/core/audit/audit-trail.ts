import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { ACTOR_SOURCES, DEFAULT_AUDIT_PAGE_SIZE, type AuditListQuery } from "../../contracts/audit.ts";
import type { CrmDatabase } from "../database/open.ts";
import { auditLog } from "../database/schema.ts";
import { endOfBusinessDay, requireCalendarDate, startOfBusinessDay } from "../time/business-calendar.ts";

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * A page of the audit trail, newest first, and how many entries match in all. Each filter has an index
 * ending in the id (schema.ts), so a page reads its rows in order from it; from and to are New York
 * calendar days, inclusive, found as a range of ids.
 */
export function listAuditTrail(db: CrmDatabase, query: AuditListQuery = {}): { entries: AuditRow[]; total: number } {
  const { limit = DEFAULT_AUDIT_PAGE_SIZE, offset = 0 } = query;
  const matching = and(...conditionsOf(db, query));
  const entries = db.select().from(auditLog).where(matching).orderBy(desc(auditLog.id)).limit(limit).offset(offset).all();
  const total = db.select({ total: count() }).from(auditLog).where(matching).get()?.total ?? 0;
  return { entries, total };
}

function conditionsOf(db: CrmDatabase, query: AuditListQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.entity !== undefined) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId !== undefined) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.action !== undefined) conditions.push(eq(auditLog.action, query.action));
  if (query.actor !== undefined) {
    const source = ACTOR_SOURCES.find((candidate) => candidate === query.actor);
    conditions.push(source ? eq(auditLog.actorSource, source) : eq(auditLog.actorUserId, Number(query.actor)));
  }
  if (query.from !== undefined) conditions.push(gte(auditLog.id, firstIdFrom(db, startOfBusinessDay(requireCalendarDate("from", query.from)))));
  if (query.to !== undefined) conditions.push(lt(auditLog.id, firstIdFrom(db, endOfBusinessDay(requireCalendarDate("to", query.to)) + 1)));
  return conditions;
}

/**
 * A bound below which every entry was written before `instant` and from which every one at or after it:
 * one writer at a time stamps and writes each entry, so ids follow time (to within the moment a writer
 * waits for the lock). A binary search on the primary key, some thirty reads of one row however long the
 * trail, rather than an index on `at` that every change's commit would write.
 */
export function firstIdFrom(db: CrmDatabase, instant: number): number {
  const sqlite = db.$client;
  const { last } = sqlite.query<{ last: number | null }, []>("SELECT max(id) AS last FROM audit_log").get()!;
  const firstFromId = sqlite.query<{ id: number; at: number }, [number]>("SELECT id, at FROM audit_log WHERE id >= ? ORDER BY id LIMIT 1");
  // The bound lies in [low, high]: every id below low is earlier, every id from high on is not.
  let [low, high] = [1, (last ?? 0) + 1];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const entry = firstFromId.get(middle);
    if (!entry || entry.at >= instant) high = middle;
    else low = entry.id + 1;
  }
  return low;
}
