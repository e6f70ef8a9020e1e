import { and, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { ACTOR_SOURCES, DEFAULT_AUDIT_PAGE_SIZE, type AuditListQuery } from "../../contracts/audit.ts";
import type { CrmDatabase } from "../database/open.ts";
import { auditLog } from "../database/schema.ts";
import { endOfBusinessDay, requireCalendarDate, startOfBusinessDay } from "../time/business-calendar.ts";

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * A page of the audit trail, newest first, and how many entries match in all. Each filter has an index
 * ending in the id (schema.ts), so a page reads its rows in order from it; from and to are New York
 * calendar days, inclusive.
 */
export function listAuditTrail(db: CrmDatabase, query: AuditListQuery = {}): { entries: AuditRow[]; total: number } {
  const { limit = DEFAULT_AUDIT_PAGE_SIZE, offset = 0 } = query;
  const matching = and(...conditionsOf(query));
  const entries = db.select().from(auditLog).where(matching).orderBy(desc(auditLog.id)).limit(limit).offset(offset).all();
  const total = db.select({ total: count() }).from(auditLog).where(matching).get()?.total ?? 0;
  return { entries, total };
}

function conditionsOf(query: AuditListQuery): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.entity !== undefined) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId !== undefined) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.action !== undefined) conditions.push(eq(auditLog.action, query.action));
  if (query.actor !== undefined) {
    const source = ACTOR_SOURCES.find((candidate) => candidate === query.actor);
    conditions.push(source ? eq(auditLog.actorSource, source) : eq(auditLog.actorUserId, Number(query.actor)));
  }
  if (query.from !== undefined) conditions.push(gte(auditLog.at, new Date(startOfBusinessDay(requireCalendarDate("from", query.from)))));
  if (query.to !== undefined) conditions.push(lte(auditLog.at, new Date(endOfBusinessDay(requireCalendarDate("to", query.to)))));
  return conditions;
}
