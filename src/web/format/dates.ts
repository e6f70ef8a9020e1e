import { BUSINESS_TIME_ZONE } from "../../core/time/business-calendar.ts";

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

/** A calendar day, 'YYYY-MM-DD': what tasks fall due on, with no time of day and no zone. */
export type CalendarDate = string;
