import { MAX_PERIOD_DAYS } from "../../../contracts/analytics.ts";
import type { MonthRange, Period } from "../../api/analytics";
import { addDays, type CalendarDate } from "../../format/dates";
import { formatCount } from "../../format/count.ts";

/** The periods offered in one click, and 'custom' for two dates of one's own. */
export const PERIOD_CHOICES = ["30", "90", "365", "year", "custom"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export const PERIOD_CHOICE_LABELS: Readonly<Record<PeriodChoice, string>> = {
  "30": "Last 30 days",
  "90": "Last 90 days",
  "365": "Last 365 days",
  year: "This year",
  custom: "Custom",
};

/** What the period picker says: a choice, and the dates themselves for 'custom'. Kept in the URL. */
export interface PeriodSelection {
  choice: PeriodChoice;
  /** Only for 'custom': YYYY-MM-DD. */
  from?: CalendarDate;
  to?: CalendarDate;
}

const DEFAULT_SELECTION: PeriodSelection = { choice: "30" };

/**
 * The period's New York calendar days, both ends included. 'Last 30 days' is today and the 29 days before
 * it; 'this year' is January 1 to today. A custom period that cannot be (see customPeriodProblem) is
 * never read from the URL, so here it is always a good one.
 */
export function periodOf(selection: PeriodSelection, today: CalendarDate): Period {
  switch (selection.choice) {
    case "30":
    case "90":
    case "365":
      return { from: addDays(today, 1 - Number(selection.choice)), to: today };
    case "year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case "custom":
      return { from: selection.from ?? today, to: selection.to ?? today };
  }
}

/** Why two dates chosen cannot be a period, or null when they can. */
export function customPeriodProblem(from: string, to: string, today: CalendarDate): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return "Choose both dates.";
  if (from > to) return "The start date must be on or before the end date.";
  if (to > today) return "The end date cannot be after today.";
  if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return `A period can be at most ${formatCount(MAX_PERIOD_DAYS)} days long.`;
  return null;
}

/** Reads the picker from a query string; a missing, unknown or impossible choice is the last 30 days. */
export function selectionFromSearch(search: URLSearchParams, today: CalendarDate): PeriodSelection {
  const choice = PERIOD_CHOICES.find((known) => known === search.get("period"));
  if (choice === undefined) return DEFAULT_SELECTION;
  if (choice !== "custom") return { choice };
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  return customPeriodProblem(from, to, today) === null ? { choice, from, to } : DEFAULT_SELECTION;
}

/** The default, the last 30 days, is left out, so that plain /analytics shows it. */
export function searchFromSelection(selection: PeriodSelection): URLSearchParams {
  const search = new URLSearchParams();
  if (selection.choice === DEFAULT_SELECTION.choice) return search;
  search.set("period", selection.choice);
  if (selection.choice === "custom" && selection.from && selection.to) {
    search.set("from", selection.from);
    search.set("to", selection.to);
  }
  return search;
}

/** How many days a period holds, both ends included. */
export function daysIn({ from, to }: Period): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / DAY_MS) + 1;
}

/** The month of a calendar date, YYYY-MM. */
export function monthOf(date: CalendarDate): string {
  return date.slice(0, 7);
}

/** The month so many months later (earlier when negative), YYYY-MM. */
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last `count` months, this one included. */
export function monthsUpTo(today: CalendarDate, count: number): MonthRange {
  const to = monthOf(today);
  return { from: addMonths(to, 1 - count), to };
}

/** Every month of a range, in order. */
export function monthsOf({ from, to }: MonthRange): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

const MONTH_ABBREVIATIONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * '2026-03' → 'Mar 2026'. The dates formatter writes days; a chart's month needs its name to be read at a
 * glance, and a calendar month, like a calendar date, is read as it is, with no time zone to move it.
 */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split("-");
  return `${MONTH_ABBREVIATIONS[Number(monthNumber) - 1] ?? monthNumber} ${year}`;
}

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(text: string): boolean {
  return CALENDAR_DATE.test(text) && addDays(text, 0) === text;
}

function dayNumber(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}
