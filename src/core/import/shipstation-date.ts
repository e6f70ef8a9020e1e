import { findWallClockProblem, wallClockToUtc, type WallClockTime } from "../time/wall-clock.ts";
import { unreadableValue } from "./unreadable-value.ts";

/**
 * Reads a date cell of a ShipStation export: US style (`4/2/2026 10:39:21 AM`, `9/6/2026 8:31`, `02/01/2025`)
 * or ISO 8601 (`2026-04-02T10:39:21.3500000`, `2026-04-02 10:39:21-04:00`). A value without an offset is a
 * wall-clock time in `timeZone`; an offset or Z in the value wins over the zone. Blank is null.
 * Throws UnreadableValueError for anything else, including dates no calendar has.
 */
export function parseShipStationDate(text: string, timeZone: string): Date | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const us = US_DATE_TIME.exec(trimmed);
  if (us !== null) return readUsDateTime(us, trimmed, timeZone);
  const iso = ISO_DATE_TIME.exec(trimmed);
  if (iso !== null) return readIsoDateTime(iso, trimmed, timeZone);
  throw unreadableValue("date", trimmed, "expected M/D/YYYY with an optional h:mm[:ss] [AM|PM], or ISO 8601");
}

const US_DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp][Mm]))?)?$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

function readUsDateTime(match: RegExpExecArray, text: string, timeZone: string): Date {
  const [, month, day, year, hour = "0", minute = "0", second = "0", meridiem] = match;
  const hourOfDay = meridiem === undefined ? Number(hour) : twelveHourTo24(Number(hour), meridiem, text);
  const time = { year: Number(year), month: Number(month), day: Number(day), hour: hourOfDay, minute: Number(minute), second: Number(second) };
  return instantOf(time, 0, null, timeZone, text);
}

function readIsoDateTime(match: RegExpExecArray, text: string, timeZone: string): Date {
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", zulu, offsetSign, offsetHours, offsetMinutes = "0"] = match;
  const time = { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour), minute: Number(minute), second: Number(second) };
  // Truncated rather than rounded, so that .9999 cannot carry into the next second.
  const milliseconds = Number(fraction.slice(0, 3).padEnd(3, "0"));
  let utcOffsetMinutes: number | null = null;
  if (zulu !== undefined) utcOffsetMinutes = 0;
  else if (offsetSign !== undefined) {
    if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) throw unreadableValue("date", text, "the UTC offset does not exist");
    utcOffsetMinutes = (offsetSign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  }
  return instantOf(time, milliseconds, utcOffsetMinutes, timeZone, text);
}

function twelveHourTo24(hour: number, meridiem: string, text: string): number {
  if (hour < 1 || hour > 12) throw unreadableValue("date", text, `${hour} ${meridiem.toUpperCase()} is not a 12-hour clock time`);
  return (hour % 12) + (meridiem.toLowerCase() === "pm" ? 12 : 0);
}

function instantOf(time: Required<WallClockTime>, milliseconds: number, utcOffsetMinutes: number | null, timeZone: string, text: string): Date {
  const problem = findWallClockProblem(time);
  if (problem !== null) throw unreadableValue("date", text, problem);
  if (utcOffsetMinutes === null) return new Date(wallClockToUtc(time, timeZone).getTime() + milliseconds);
  const wallMs = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, milliseconds);
  return new Date(wallMs - utcOffsetMinutes * 60_000);
}
