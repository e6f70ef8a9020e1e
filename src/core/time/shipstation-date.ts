import { findWallClockProblem, wallClockToUtc, type WallClockTime } from "./wall-clock.ts";
import { unreadableValue } from "../unreadable-value.ts";

/** ShipStation (API v1) stamps times without an offset, in US Pacific time. */
export const SHIPSTATION_TIME_ZONE = "America/Los_Angeles";

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

/**
 * The US form every ShipStation export uses (`4/2/2026 10:39:21 AM`, `9/6/2026 8:31`, `02/01/2025`) read
 * from the bytes of a cell, so that the import need not make a string of every date. Undefined for
 * anything else, including a date no calendar has, which parseShipStationDate then reads or refuses.
 */
export function parseUsDateTimeBytes(bytes: Uint8Array, start: number, end: number, timeZone: string): Date | undefined {
  const reader = { at: start };
  const number = (minDigits: number, maxDigits: number): number | undefined => {
    let value = 0;
    const from = reader.at;
    while (reader.at < end && reader.at - from < maxDigits) {
      const digit = bytes[reader.at]! - DIGIT_ZERO;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      reader.at++;
    }
    return reader.at - from >= minDigits ? value : undefined;
  };
  const expect = (code: number): boolean => {
    if (reader.at >= end || bytes[reader.at] !== code) return false;
    reader.at++;
    return true;
  };
  const month = number(1, 2);
  if (month === undefined || !expect(SLASH)) return undefined;
  const day = number(1, 2);
  if (day === undefined || !expect(SLASH)) return undefined;
  const year = number(4, 4);
  if (year === undefined) return undefined;
  let hour = 0;
  let minute = 0;
  let second = 0;
  if (reader.at < end) {
    if (!expect(SPACE)) return undefined;
    const clockHour = number(1, 2);
    if (clockHour === undefined || !expect(COLON)) return undefined;
    const minutes = number(2, 2);
    if (minutes === undefined) return undefined;
    [hour, minute] = [clockHour, minutes];
    if (expect(COLON)) {
      const seconds = number(2, 2);
      if (seconds === undefined) return undefined;
      second = seconds;
    }
    if (reader.at < end) {
      if (!expect(SPACE) || end - reader.at !== 2 || (bytes[reader.at + 1]! | 0x20) !== LOWER_M) return undefined;
      const meridiem = bytes[reader.at]! | 0x20;
      if ((meridiem !== LOWER_A && meridiem !== LOWER_P) || hour < 1 || hour > 12) return undefined;
      hour = (hour % 12) + (meridiem === LOWER_P ? 12 : 0);
      reader.at = end;
    }
  }
  const time = { year, month, day, hour, minute, second };
  return findWallClockProblem(time) === null ? wallClockToUtc(time, timeZone) : undefined;
}

const DIGIT_ZERO = 0x30;
const SLASH = 0x2f;
const COLON = 0x3a;
const SPACE = 0x20;
const LOWER_A = 0x61;
const LOWER_P = 0x70;
const LOWER_M = 0x6d;

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
