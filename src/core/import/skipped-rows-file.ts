import { closeSync, openSync, writeSync } from "node:fs";
import type { SkippedRow } from "./csv-import-parts.ts";

/**
 * Every skipped row of an import as CSV (file, line, reason, order number, customer e-mail), where the
 * result words only the first REPORTED_ROW_ERRORS: `crm import-csv --errors-out FILE` and the upload
 * dialog's download. Opened before the import starts, so that a path that cannot be written is refused
 * before anything is imported.
 */
export class SkippedRowsFile {
  private readonly fd: number;
  rows = 0;

  constructor(path: string) {
    this.fd = openSync(path, "w");
    this.writeLine(["file", "line", "reason", "order_number", "customer_email"]);
  }

  write(row: SkippedRow): void {
    this.rows++;
    this.writeLine([row.file, String(row.line), row.reason, row.orderNumber, row.customerEmail]);
  }

  close(): void {
    closeSync(this.fd);
  }

  private writeLine(cells: string[]): void {
    writeSync(this.fd, `${cells.map(csvCell).join(",")}\n`);
  }
}

/** A cell quoted when it holds a comma, a quote or a line break, its quotes doubled. */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
