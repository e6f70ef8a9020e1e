import type { ReorderBand, ReorderRhythm, ReorderStatus } from "../api/analytics";
import { formatCount, formatCountOf } from "./count";
import { formatUsCalendarDate } from "./dates";

/** How the screens name each band: the radar's tabs, the accounts filter, an account's badge. */
export const REORDER_BAND_LABELS: Readonly<Record<ReorderBand, string>> = { due: "Due", "at-risk": "At risk", lapsed: "Lapsed" };

/** The band badge's colours, warmer as the account slips away. Whole class names, so that Tailwind finds them. */
export const REORDER_BAND_BADGE_CLASSES: Readonly<Record<ReorderBand, string>> = {
  due: "bg-amber-100 text-amber-800",
  "at-risk": "bg-orange-100 text-orange-800",
  lapsed: "bg-red-100 text-red-800",
};

/** The band the server put an account in, or null while it is on track: the screens only show it, never work it out. */
export function reorderBandOf(status: ReorderStatus): ReorderBand | null {
  return status === "on-track" ? null : status;
}

/**
 * When the next order is due, from the days past its expected date: 'in 6 days', 'today', '3 days overdue'.
 * The radar's Due column and an account's badge both say it this way.
 */
export function formatReorderTiming(daysOverdue: number): string {
  if (daysOverdue === 0) return "today";
  return daysOverdue < 0 ? `in ${formatCountOf(-daysOverdue, "day")}` : `${formatCountOf(daysOverdue, "day")} overdue`;
}

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
