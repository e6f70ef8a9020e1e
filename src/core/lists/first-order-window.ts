import { invalid } from "../errors.ts";
import { wallClockToUtc } from "../time/wall-clock.ts";

/** The first-order-date filter of the lists screen: calendar dates (YYYY-MM-DD) in New York, both inclusive. */
export interface FirstOrderWindow {
  from?: string;
  to?: string;
}

const BUSINESS_TIME_ZONE = "America/New_York";

/** The window as epoch milliseconds: from the start of `from` to the end of `to`, New York time. */
export function firstOrderRange(window: FirstOrderWindow): { from: number; to: number } {
  return {
    from: window.from ? startOfDay(window.from, "from") : Number.MIN_SAFE_INTEGER,
    to: window.to ? startOfDay(window.to, "to", 1) - 1 : Number.MAX_SAFE_INTEGER,
  };
}

function startOfDay(text: string, field: string, addDays = 0): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw invalid(field, `${field} must be a date like 2026-11-21`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) throw invalid(field, `${field} is not a real date: ${text}`);
  const next = new Date(Date.UTC(year, month - 1, day + addDays));
  return wallClockToUtc({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, BUSINESS_TIME_ZONE).getTime();
}
