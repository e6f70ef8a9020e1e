import { invalid } from "../errors.ts";
import { calendarDateInZone, wallClockToUtc } from "./wall-clock.ts";

/**
 * The business keeps New York's calendar: a task due today stays due until midnight there, and "the last
 * 30 days" are 30 calendar days there, whatever the server's or the browser's zone.
 */
export const BUSINESS_TIME_ZONE = "America/New_York";

/** Today's date in New York, YYYY-MM-DD. */
export function businessToday(now: Date = new Date()): string {
  return calendarDateInZone(now, BUSINESS_TIME_ZONE);
}

/** The calendar date so many days later (earlier when negative); YYYY-MM-DD compares in time order as text. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  // Calendar arithmetic in UTC, where no day is 23 or 25 hours long.
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instant a New York calendar day begins, in epoch milliseconds. */
export function startOfBusinessDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return wallClockToUtc({ year, month, day }, BUSINESS_TIME_ZONE).getTime();
}

/**
 * Where "within the last N days" begins: midnight in New York N calendar days before today. Something
 * that happened N days ago counts, N + 1 days ago does not, across daylight-saving changes alike.
 */
export function startOfDaysAgo(days: number, now: Date = new Date()): number {
  return startOfBusinessDay(addDays(businessToday(now), -days));
}

/** A calendar date given as input, YYYY-MM-DD and real (no February 30), or a 400 naming the field. */
export function requireCalendarDate(field: string, value: string): string {
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!date || date.toISOString().slice(0, 10) !== text) throw invalid(field, `${field} must be a date like 2026-11-21`);
  return text;
}

/** The instant the next New York calendar day begins: when "the last N days" next move on. */
export function startOfNextBusinessDay(now: Date = new Date()): number {
  return startOfBusinessDay(addDays(businessToday(now), 1));
}
