import { CALENDAR_MONTH_PATTERN } from "../../contracts/analytics.ts";
import { CALENDAR_DATE_PATTERN } from "../../contracts/common.ts";
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

/**
 * The last millisecond of a New York calendar day. The last day a date can be written for, 9999-12-31, has
 * no next day to end at: it ends with time itself.
 */
export function endOfBusinessDay(date: string): number {
  const next = addDays(date, 1);
  return CALENDAR_DATE.test(next) ? startOfBusinessDay(next) - 1 : Number.MAX_SAFE_INTEGER;
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

const CALENDAR_DATE = new RegExp(CALENDAR_DATE_PATTERN);
const CALENDAR_MONTH = new RegExp(CALENDAR_MONTH_PATTERN);

/** A calendar date given as input, YYYY-MM-DD from the year 1000 and real (no February 30), or a 400 naming the field. */
export function requireCalendarDate(field: string, value: string): string {
  const text = value.trim();
  const match = CALENDAR_DATE.exec(text);
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!date || date.toISOString().slice(0, 10) !== text) throw invalid(field, `${field} must be a date like 2026-11-21`);
  return text;
}

/** The instant the next New York calendar day begins: when "the last N days" next move on. */
export function startOfNextBusinessDay(now: Date = new Date()): number {
  return startOfBusinessDay(addDays(businessToday(now), 1));
}

/**
 * A New York calendar date as a business day number: days since 1970-01-01 on that calendar. What SQL
 * keeps analytics by (purchase_days), since a number orders, subtracts and indexes as a date cannot.
 */
export function businessDayNumber(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** A calendar date as US staff read it in a sentence, MM/DD/YYYY. */
export function formatUsCalendarDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${month}/${day}/${year}`;
}

/** Today in New York as a business day number. */
export function businessDayNumberToday(now: Date = new Date()): number {
  return businessDayNumber(businessToday(now));
}

/** The calendar date of a business day number, YYYY-MM-DD. */
export function dateOfBusinessDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** A month, YYYY-MM, as a business month number: months since January 1970. */
export function businessMonthNumber(month: string): number {
  const [year, monthOfYear] = month.split("-").map(Number) as [number, number];
  return (year - 1970) * 12 + monthOfYear - 1;
}

/** The month, YYYY-MM, of a business month number. */
export function monthOfBusinessMonth(monthNumber: number): string {
  const year = 1970 + Math.floor(monthNumber / 12);
  return `${String(year).padStart(4, "0")}-${String((monthNumber % 12) + 1).padStart(2, "0")}`;
}

/** The business month number a business day number falls in. */
export function businessMonthOfDay(dayNumber: number): number {
  return businessMonthNumber(dateOfBusinessDay(dayNumber).slice(0, 7));
}

/** A month given as input, YYYY-MM with a real month, or a 400 naming the field. */
export function requireCalendarMonth(field: string, value: string): string {
  const text = value.trim();
  if (!CALENDAR_MONTH.test(text)) throw invalid(field, `${field} must be a month like 2026-11`);
  return text;
}

const DAY_MS = 86_400_000;
