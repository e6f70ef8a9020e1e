/** Every date on screen is shown as the business sees it: in New York, US style. */
const BUSINESS_TIME_ZONE = "America/New_York";

const US_DATE = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const US_DATE_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "numeric",
  minute: "2-digit",
});

/** '04/02/2026' */
export function formatUsDate(date: string | Date): string {
  return US_DATE.format(new Date(date));
}

/** '04/02/2026, 10:39 AM' */
export function formatUsDateTime(date: string | Date): string {
  // Newer ICU versions put a narrow no-break space before AM/PM; a plain space reads and matches the same everywhere.
  return US_DATE_TIME.format(new Date(date)).replace(/\u202f/g, " ");
}

/** A calendar day, 'YYYY-MM-DD': what tasks fall due on, with no time of day and no zone. */
export type CalendarDate = string;

/**
 * Today's date in New York, '2026-11-21'. Tasks fall due on the business's calendar days, so a task
 * due today stays due today until midnight in New York, wherever the browser is.
 */
export function todayInNewYork(now: Date = new Date()): CalendarDate {
  const parts = Object.fromEntries(US_DATE.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar day so many days later (earlier when negative), across month and year ends. */
export function addDaysToDate(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  // Calendar arithmetic in UTC, where no day is 23 or 25 hours long.
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** '2026-11-23' → '11/23/2026'. Read as a day, not as an instant: no zone can move it to the day before. */
export function formatUsCalendarDate(date: CalendarDate): string {
  const [year, month, day] = date.split("-");
  return `${month}/${day}/${year}`;
}
