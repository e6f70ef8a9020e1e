import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { CsvImportResult } from "../../contracts/imports.ts";
import { DATABASE_FILE_NAME, openDatabase, type CrmDatabase } from "../database/open.ts";
import { recordOrders } from "../orders/record-orders.ts";
import {
  buildResult,
  checkedTimeZone,
  CONTINUES_EARLIER_ROWS,
  OrdersFromReader,
  RowErrorReport,
  useSmallPageCache,
  withoutForeignKeyChecks,
  type CsvImportFile,
  type CsvImportPreviewOptions,
} from "./csv-import-parts.ts";
import { isDatabaseOpenElsewhere } from "./open-elsewhere.ts";

/**
 * `crm import-csv --dry-run`: reads and checks ShipStation exports and reports what importing them would
 * change, writing nothing. Bad rows are reported with their line; a file that cannot be read as an export
 * is rejected whole with a DomainError. The orders are recorded in a transaction that is then rolled back,
 * which holds the write lock for the whole of it: while another process has the database open, the
 * preview works on a private copy instead (VACUUM INTO only reads), so that nobody waits for it. Imports
 * themselves are runCsvImport's.
 */
export function previewCsvImport(db: CrmDatabase, files: CsvImportFile[], options: CsvImportPreviewOptions = {}): CsvImportResult {
  if (!isDatabaseOpenElsewhere(db.$client)) return previewInTransaction(db, files, options);
  const copyDir = mkdtempSync(path.join(path.dirname(db.$client.filename), "preview-"));
  try {
    db.$client.run("VACUUM INTO ?", [path.join(copyDir, DATABASE_FILE_NAME)]);
    const copy = openDatabase(copyDir);
    try {
      return previewInTransaction(copy.db, files, options);
    } finally {
      copy.close();
    }
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

function previewInTransaction(db: CrmDatabase, files: CsvImportFile[], options: CsvImportPreviewOptions): CsvImportResult {
  const report = new RowErrorReport(files, options.onSkippedRow);
  const orders = new OrdersFromReader(files, checkedTimeZone(options.timeZone), report, options.onProgress);
  const restoreCacheSize = useSmallPageCache(db.$client);
  const restoreForeignKeys = withoutForeignKeyChecks(db.$client);
  try {
    const { summary } = recordOrders(
      db,
      (recorder) => {
        for (let order = orders.next(); order !== undefined; order = orders.next()) recorder.recordPrepared(order, CONTINUES_EARLIER_ROWS);
      },
      { dryRun: true, delivery: { route: "csv", label: "CSV import" }, onClosingStep: (step) => orders.reportStep(step) },
    );
    return buildResult(orders.rowsRead, summary, report, true);
  } finally {
    orders.stop();
    restoreCacheSize();
    restoreForeignKeys();
  }
}
