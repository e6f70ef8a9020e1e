/** A cell of a CSV download: text as shown, or a number a spreadsheet can add up. */
export type CsvCell = string | number;

/**
 * The file a download holds: a UTF-8 byte order mark, so that Excel reads accents and symbols right, then
 * the rows, lines ended with CRLF as RFC 4180 writes them.
 */
export function csvDocument(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** Text a spreadsheet would run as a formula: account and product names come from customers' orders. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field. Text starting like a formula is prefixed with an apostrophe, which spreadsheets show as
 * text; numbers are ours, so a negative one (days before an expected order) stays a number. Fields
 * holding a comma, a quote or a line break are quoted, their quotes doubled.
 */
export function csvField(cell: CsvCell): string {
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Money in a CSV: dollars and cents as a plain number, without the float noise of a subtraction. */
export function csvDollars(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Hands the rows to the browser as a file download, built here from what the screen shows. */
export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  const url = URL.createObjectURL(new Blob([csvDocument(rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the file once the click's download started; a later tick is late enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
