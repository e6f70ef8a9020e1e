import type { FirstOrderWindow } from "../../contracts/lists.ts";
import { endOfBusinessDay, requireCalendarDate, startOfBusinessDay } from "../time/business-calendar.ts";

/** The window as epoch milliseconds: from the start of `from` to the end of `to`, New York time. */
export function firstOrderRange(window: FirstOrderWindow): { from: number; to: number } {
  return {
    from: window.from ? startOfBusinessDay(requireCalendarDate("from", window.from)) : Number.MIN_SAFE_INTEGER,
    to: window.to ? endOfBusinessDay(requireCalendarDate("to", window.to)) : Number.MAX_SAFE_INTEGER,
  };
}
