import { BUSINESS_TIME_ZONE } from "../../core/time/business-calendar.ts";
import { wallClockTextInZone, wallClockToUtc } from "../../core/time/wall-clock.ts";

// The business's calendar is core's, one rule for the server and the dashboard: today in New York, days
// added across month ends, a day written US style.
export { addDays, businessToday, formatUsCalendarDate } from "../../core/time/business-calendar.ts";

/** Every date on screen is shown as the business sees it: in New York, US style. */
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

/**
 * What a datetime-local input holds for `instant`: 'YYYY-MM-DDTHH:mm' on New York's wall clock. The input
 * itself has no zone, and the browser's own zone would show staff outside New York a different time from
 * the one the timeline then shows.
 */
export function newYorkDateTimeInputValue(instant: Date): string {
  return wallClockTextInZone(instant, BUSINESS_TIME_ZONE).slice(0, 16);
}

/** The instant a datetime-local value names when read on New York's wall clock, as the ISO text the server reads. */
export function isoFromNewYorkDateTimeInput(value: string): string {
  const [date = "", time = ""] = value.split("T");
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return wallClockToUtc({ year, month, day, hour, minute }, BUSINESS_TIME_ZONE).toISOString();
}

/** A calendar day, 'YYYY-MM-DD': what tasks fall due on, with no time of day and no zone. */
export type CalendarDate = string;
