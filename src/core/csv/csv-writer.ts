import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { fileProblem, invalid, isFileRefusal } from "../errors.ts";
import { BUSINESS_TIME_ZONE, businessToday, formatUsCalendarDate } from "../time/business-calendar.ts";

/**
 * The one CSV writer of the product, for every export, the API's and the command line's: RFC 4180 text
 * (cells quoted when they hold a comma, a quote or a line break, quotes doubled, lines ending CRLF) that
 * Excel opens as UTF-8, because it begins with a byte order mark, and cannot be turned into formulas.
 *
 * Rows come in batches, each the answer of one short read, and leave as one chunk of text per batch: the
 * file or the response is written as the rows are read, and nothing holds more than a batch.
 */

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** UTF-8's byte order mark: without it Excel reads a CSV file in the machine's legacy code page. */
export const UTF8_BOM = "\uFEFF";

/** The CSV text of a header and batches of rows: the header (after the BOM) first, then one chunk per batch. */
export function* csvChunks(columns: readonly string[], batches: Iterable<CsvCell[][]>): Generator<string> {
  yield UTF8_BOM + csvLine(columns);
  for (const rows of batches) {
    if (rows.length > 0) yield rows.map(csvLine).join("");
  }
}

/** One record, its line ending included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * One cell. Text that a spreadsheet would read as a formula (beginning with =, +, -, @, a tab or a carriage
 * return, OWASP's list) gets a leading apostrophe, so that a customer's name or an order's notes can never
 * run in the spreadsheet of the staff who open the file. A plain number written as text (a refund's
 * "-12.50") is no formula and stays readable as a number.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_STARTS.has(value.charCodeAt(0)) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** =, +, -, @, tab and carriage return, by character code: every cell of an export is checked. */
const FORMULA_STARTS = new Set([..."=+-@\t\r"].map((character) => character.charCodeAt(0)));
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A date as US staff read it, MM/DD/YYYY, on New York's calendar; nothing for none. */
export function csvDate(instant: Date | null): string | null {
  if (instant === null) return null;
  // New York is a whole number of hours from UTC, so each hour of UTC falls on one of its dates: an export
  // of 100,000 accounts writes 300,000 dates, most of them in hours already seen.
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let date = US_DATE_OF_HOUR.get(hour);
  if (date === undefined) {
    if (US_DATE_OF_HOUR.size >= MAX_REMEMBERED_HOURS) US_DATE_OF_HOUR.clear();
    US_DATE_OF_HOUR.set(hour, (date = formatUsCalendarDate(businessToday(instant))));
  }
  return date;
}

const HOUR_MS = 3_600_000;
const US_DATE_OF_HOUR = new Map<number, string>();
/** Ten years of hours: a few megabytes at most. */
const MAX_REMEMBERED_HOURS = 87_600;

/** An instant as MM/DD/YYYY HH:MM (24-hour) on New York's clock, which spreadsheets read as a date and time. */
export function csvDateTime(instant: Date): string {
  return NEW_YORK_CLOCK.format(instant).replace(", ", " ");
}

const NEW_YORK_CLOCK = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Whole cents as dollars with two decimals and no $ or separators (1234.50, -5.00), which spreadsheets read as a number. */
export function csvMoney(cents: number | null): string | null {
  if (cents === null) return null;
  const whole = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/**
 * The chunks as a byte stream for an HTTP answer. The next chunk is read only when the client has taken
 * the one before (pull), so a slow download holds no more than a chunk in memory and no read transaction
 * open between batches; a download abandoned half-way stops the reading.
 */
export function csvByteStream(chunks: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    cancel() {
      chunks.return?.(undefined);
    },
  });
}

/**
 * Writes the chunks to a file as they come. A failure part-way removes the file rather than leave half an
 * export that looks whole.
 */
export function writeCsvFile(file: string, chunks: Iterable<string>): void {
  const refused = (error: unknown) => invalid("out", `Cannot write ${file}: ${fileProblem(error)}`);
  let descriptor: number;
  try {
    descriptor = openSync(file, "w");
  } catch (error) {
    throw refused(error);
  }
  try {
    for (const chunk of chunks) writeSync(descriptor, chunk);
  } catch (error) {
    closeSync(descriptor);
    rmSync(file, { force: true });
    throw isFileRefusal(error) ? refused(error) : error;
  }
  closeSync(descriptor);
}
