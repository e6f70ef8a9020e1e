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
