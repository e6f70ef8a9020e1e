import { invalid } from "../errors.ts";
import { calendarDateInZone } from "../time/wall-clock.ts";

/** Tasks fall due on calendar days of the business, in New York. */
export const BUSINESS_TIME_ZONE = "America/New_York";

/** Today's date in New York, YYYY-MM-DD: what "due today" and "overdue" are measured against. */
export function businessToday(now: Date = new Date()): string {
  return calendarDateInZone(now, BUSINESS_TIME_ZONE);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function requireCalendarDate(field: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!date || date.toISOString().slice(0, 10) !== value.trim()) throw invalid(field, `${field} must be a date like 2026-11-21`);
  return value.trim();
}
