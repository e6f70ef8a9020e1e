import type { ReorderBand, ReorderRhythm, ReorderStatus } from "../../api/analytics";
import { formatCount } from "../../format/count";
import { formatUsCalendarDate } from "../../format/dates";

/** How the screens name each band: the radar's tabs, the accounts filter. */
export const REORDER_BAND_LABELS: Readonly<Record<ReorderBand, string>> = { due: "Due", "at-risk": "At risk", lapsed: "Lapsed" };

/** The median gap in whole days: it is a half for an even number of gaps, and nobody plans by half days. */
export function rhythmDays(medianGapDays: number): number {
  return Math.max(1, Math.round(medianGapDays));
}

/** 'every 21 days' */
export function rhythmText(medianGapDays: number): string {
  const days = rhythmDays(medianGapDays);
  return days === 1 ? "every day" : `every ${formatCount(days)} days`;
}

/** The account screen's line: 'Orders about every 21 days; next expected 12/03/2026'. */
export function rhythmSentence(rhythm: Pick<ReorderRhythm, "medianGapDays" | "expectedNextOrderDate">): string {
  return `Orders about ${rhythmText(rhythm.medianGapDays)}; next expected ${formatUsCalendarDate(rhythm.expectedNextOrderDate)}`;
}

/** Due, at risk and lapsed all mean the customer's next order is expected by now, or within a week. */
export function isReorderOverdue(status: ReorderStatus): boolean {
  return status !== "on-track";
}
