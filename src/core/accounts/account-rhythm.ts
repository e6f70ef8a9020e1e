import { eq, sql, type SQL } from "drizzle-orm";
import type { ReorderBand, ReorderRhythm, ReorderStatus } from "../../contracts/analytics.ts";
import type { CrmQueries } from "../database/open.ts";
import { accounts } from "../database/schema.ts";
import { businessDayNumberToday, dateOfBusinessDay } from "../time/business-calendar.ts";

/**
 * An account's ordering rhythm, as its figures hold it (purchase-days.ts counts the gaps and stores the
 * days its reorder bands begin), and where it stands on a business day: the account screen reads it, the
 * accounts list filters by it, the reorder radar (analytics/reorder-radar.ts) lists and counts its bands.
 */

/** Whether an account is in a band on the business day `today`: the one statement of the bands' rule. */
export function reorderBandCondition(band: ReorderBand, today: SQL | number): SQL {
  if (band === "due") return sql`(${accounts.rhythmDueDay} <= ${today} AND ${accounts.rhythmAtRiskDay} > ${today})`;
  if (band === "at-risk") return sql`(${accounts.rhythmAtRiskDay} <= ${today} AND ${accounts.rhythmLapsedDay} > ${today})`;
  return sql`${accounts.rhythmLapsedDay} <= ${today}`;
}

/**
 * An account's rhythm and where it stands today, or null while it has orders on fewer than three days: the
 * band whose reorderBandCondition it meets, as the radar lists it, or on track before it is due.
 */
export function readAccountRhythm(db: CrmQueries, accountId: number, now = new Date()): ReorderRhythm | null {
  const today = businessDayNumberToday(now);
  const [lapsed, atRisk, due] = [reorderBandCondition("lapsed", today), reorderBandCondition("at-risk", today), reorderBandCondition("due", today)];
  const row = db
    .select({
      ...RHYTHM_COLUMNS,
      status: sql<ReorderStatus>`CASE WHEN ${lapsed} THEN 'lapsed' WHEN ${atRisk} THEN 'at-risk' WHEN ${due} THEN 'due' ELSE 'on-track' END`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  if (!row || row.gapDays === null || row.lastDay === null || row.expectedDay === null) return null;
  return standingOf(row as RhythmRow, row.status, today);
}

/** The rhythm's columns both answers read. */
export const RHYTHM_COLUMNS = { gapDays: accounts.rhythmGapDays, lastDay: accounts.rhythmLastDay, expectedDay: accounts.rhythmExpectedDay };

/** The rhythm of an account that has one. */
export interface RhythmRow {
  gapDays: number;
  lastDay: number;
  expectedDay: number;
}

/** An account's rhythm and standing on the business day `today`, as the account screen and the radar both give it. */
export function standingOf<Status extends ReorderStatus>(row: RhythmRow, status: Status, today: number) {
  return {
    medianGapDays: row.gapDays,
    expectedNextOrderDate: dateOfBusinessDay(row.expectedDay),
    daysSinceLastOrder: today - row.lastDay,
    daysOverdue: today - row.expectedDay,
    status,
  };
}

