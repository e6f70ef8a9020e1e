/** A reading of a wall clock: a calendar date and time of day with no zone attached. */
export interface WallClockTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/**
 * The instant a wall clock in `timeZone` shows `time`. A time skipped by a spring-forward gap is read with
 * the offset in force before the gap (02:30 becomes 03:30 daylight time), and a time repeated by a fall-back
 * overlap resolves to its earlier occurrence: Temporal's "compatible" disambiguation.
 * Throws RangeError for an unknown zone or a time that no calendar has.
 */
export function wallClockToUtc(time: WallClockTime, timeZone: string): Date {
  const problem = findWallClockProblem(time);
  if (problem !== null) throw new RangeError(`Not a real wall-clock time: ${problem}`);
  const zone = zoneClock(timeZone);
  const wallMs = Date.UTC(time.year, time.month - 1, time.day, time.hour ?? 0, time.minute ?? 0, time.second ?? 0);
  // No zone is more than a day from UTC, so the offsets a day either side bracket any transition near this time.
  const offsetBefore = offsetMsAt(zone, wallMs - DAY_MS);
  const offsetAfter = offsetMsAt(zone, wallMs + DAY_MS);
  if (offsetBefore === offsetAfter) return new Date(wallMs - offsetBefore);

  const viaOffsetBefore = wallMs - offsetBefore;
  const viaOffsetAfter = wallMs - offsetAfter;
  const beforeHolds = offsetMsAt(zone, viaOffsetBefore) === offsetBefore;
  const afterHolds = offsetMsAt(zone, viaOffsetAfter) === offsetAfter;
  if (beforeHolds && afterHolds) return new Date(Math.min(viaOffsetBefore, viaOffsetAfter));
  return new Date(afterHolds ? viaOffsetAfter : viaOffsetBefore);
}

export function isValidTimeZone(name: string): boolean {
  try {
    zoneClock(name);
    return true;
  } catch {
    return false;
  }
}

/** The date ('YYYY-MM-DD') that a calendar in `timeZone` shows at `instant`. */
export function calendarDateInZone(instant: Date, timeZone: string): string {
  return wallClockTextInZone(instant, timeZone).slice(0, 10);
}

/** What a wall clock in `timeZone` shows at `instant`, to the second: 'YYYY-MM-DDTHH:mm:ss'. */
export function wallClockTextInZone(instant: Date, timeZone: string): string {
  const utcMs = instant.getTime();
  if (Number.isNaN(utcMs)) throw new RangeError("wallClockTextInZone needs a valid Date");
  // The wall clock's reading as if it were UTC; years 0-9999 print as four digits.
  return new Date(utcMs + offsetMsAt(zoneClock(timeZone), utcMs)).toISOString().slice(0, 19);
}

/** What makes `time` impossible (e.g. "2/2026 has no day 30"), or null when it is a real wall-clock time. */
export function findWallClockProblem(time: WallClockTime): string | null {
  const { year, month, day, hour = 0, minute = 0, second = 0 } = time;
  // Four-digit years only: Date.UTC reads years 0-99 as 1900-1999.
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return `year ${year} is outside 1000-9999`;
  if (!Number.isInteger(month) || month < 1 || month > 12) return `month ${month} does not exist`;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return `${month}/${year} has no day ${day}`;
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) return `hour ${hour} does not exist`;
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) return `minute ${minute} does not exist`;
  if (!Number.isInteger(second) || second < 0 || second > 59) return `second ${second} does not exist`;
  return null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Imports spanning many years would otherwise grow a zone's cache without bound; a few years of hours fit.
const MAX_CACHED_HOURS_PER_ZONE = 100_000;

interface ZoneClock {
  formatter: Intl.DateTimeFormat;
  offsetMsAtHourStart: Map<number, number>;
}

const zoneClocks = new Map<string, ZoneClock>();

function zoneClock(timeZone: string): ZoneClock {
  let zone = zoneClocks.get(timeZone);
  if (zone === undefined) {
    const formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zone = { formatter, offsetMsAtHourStart: new Map() };
    zoneClocks.set(timeZone, zone);
  }
  return zone;
}

/** How far the zone's wall clock is ahead of UTC at `utcMs`, in milliseconds. */
function offsetMsAt(zone: ZoneClock, utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS);
  const atHourStart = offsetMsAtHourStart(zone, hour);
  // Zones change offset at most once in any hour, so equal offsets at both ends mean none changed in between.
  if (atHourStart === offsetMsAtHourStart(zone, hour + 1)) return atHourStart;
  return measureOffsetMs(zone.formatter, utcMs);
}

function offsetMsAtHourStart(zone: ZoneClock, hour: number): number {
  const cache = zone.offsetMsAtHourStart;
  let offsetMs = cache.get(hour);
  if (offsetMs === undefined) {
    offsetMs = measureOffsetMs(zone.formatter, hour * HOUR_MS);
    if (cache.size >= MAX_CACHED_HOURS_PER_ZONE) cache.clear();
    cache.set(hour, offsetMs);
  }
  return offsetMs;
}

function measureOffsetMs(formatter: Intl.DateTimeFormat, utcMs: number): number {
  const field = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(utcMs)) {
    if (part.type in field) field[part.type as keyof typeof field] = Number(part.value);
  }
  const wallMs = Date.UTC(field.year, field.month - 1, field.day, field.hour, field.minute, field.second);
  const wholeSecondMs = utcMs - (((utcMs % 1000) + 1000) % 1000);
  return wallMs - wholeSecondMs;
}
