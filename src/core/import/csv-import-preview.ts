import type { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { PREVIEW_SAMPLE_SIZE, type CsvImportPreview } from "../../contracts/imports.ts";
import { eq } from "drizzle-orm";
import { accounts } from "../database/schema.ts";
import { accountIdForEmail } from "../account-basics/aliases.ts";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import type { RecordOutcome } from "../orders/record-orders.ts";
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
 * themselves are runCsvImport's. The upload dialog's preview is the same dry run, always on a copy and on a
 * thread of its own (previewCsvImportOnThread); both get the first few accounts and orders of each kind of
 * change (`samples`).
 */
export function previewCsvImport(db: CrmDatabase, files: CsvImportFile[], options: CsvImportPreviewOptions = {}): CsvImportPreview {
  if (!isDatabaseOpenElsewhere(db.$client)) return previewInTransaction(db, files, options);
  const copyDir = mkdtempSync(path.join(path.dirname(db.$client.filename), "preview-"));
  try {
    return previewOnCopy(db.$client, copyDir, files, options);
  } finally {
    rmSync(copyDir, { recursive: true, force: true });
  }
}

/**
 * The dry run on a copy of the database taken into copyDir (an empty folder the caller removes): VACUUM
 * INTO only reads, so the source's write lock is never taken, and the rolled-back transaction is the copy's.
 */
export function previewOnCopy(source: Database, copyDir: string, files: CsvImportFile[], options: CsvImportPreviewOptions = {}): CsvImportPreview {
  source.run("VACUUM INTO ?", [path.join(copyDir, DATABASE_FILE_NAME)]);
  const copy = openDatabase(copyDir);
  try {
    return previewInTransaction(copy.db, files, options);
  } finally {
    copy.close();
  }
}

function previewInTransaction(db: CrmDatabase, files: CsvImportFile[], options: CsvImportPreviewOptions): CsvImportPreview {
  const samples = new PreviewSamples();
  const report = new RowErrorReport(files, options.onSkippedRow);
  const orders = new OrdersFromReader(files, checkedTimeZone(options.timeZone), report, options.onProgress);
  const restoreCacheSize = useSmallPageCache(db.$client);
  const restoreForeignKeys = withoutForeignKeyChecks(db.$client);
  try {
    const { summary } = recordOrders(
      db,
      (recorder) => {
        for (let order = orders.next(); order !== undefined; order = orders.next()) samples.add(order, recorder.recordPrepared(order, CONTINUES_EARLIER_ROWS));
      },
      { dryRun: true, delivery: { route: "csv", label: "CSV import" }, onClosingStep: (step) => orders.reportStep(step) },
    );
    // Rolled back by now: an e-mail that finds no account names one the import would create.
    return { ...buildResult(orders.rowsRead, summary, report, true), samples: samples.list(db) };
  } finally {
    orders.stop();
    restoreCacheSize();
    restoreForeignKeys();
  }
}

/** A customer whose orders would change, until the import says whether its account is new. */
interface ChangedCustomer {
  email: string;
  name: string;
}

/**
 * Customers met in changed orders, looked for among the accounts only once the dry run is rolled back:
 * enough of them to find PREVIEW_SAMPLE_SIZE new and PREVIEW_SAMPLE_SIZE known ones in most files.
 */
const CUSTOMERS_LOOKED_UP = 20 * PREVIEW_SAMPLE_SIZE;

/** The first orders of each outcome, and the first customers of changed orders, as the dry run meets them. */
class PreviewSamples {
  private readonly orders: Record<RecordOutcome, CsvImportPreview["samples"]["ordersCreated"]> = { created: [], updated: [], unchanged: [] };
  private readonly customers = new Map<string, ChangedCustomer>();

  add(order: PreparedOrder, outcome: RecordOutcome): void {
    const sample = this.orders[outcome];
    if (sample.length < PREVIEW_SAMPLE_SIZE && !sample.some((earlier) => earlier.orderNumber === order.orderNumber && earlier.customerEmail === order.customerEmail)) {
      sample.push({ orderNumber: order.orderNumber, customerEmail: order.customerEmail });
    }
    if (outcome !== "unchanged" && this.customers.size < CUSTOMERS_LOOKED_UP && !this.customers.has(order.customerEmail)) {
      this.customers.set(order.customerEmail, { email: order.customerEmail, name: order.customer.company || order.customer.name || order.customerEmail });
    }
  }

  list(db: CrmDatabase): CsvImportPreview["samples"] {
    const accountsCreated: ChangedCustomer[] = [];
    const accountsUpdated: ChangedCustomer[] = [];
    for (const customer of this.customers.values()) {
      const known = accountIdForEmail(db, customer.email) !== null;
      const into = known ? accountsUpdated : accountsCreated;
      if (into.length < PREVIEW_SAMPLE_SIZE) into.push(known ? { email: customer.email, name: accountName(db, customer.email) ?? customer.name } : customer);
    }
    return { accountsCreated, accountsUpdated, ordersCreated: this.orders.created, ordersUpdated: this.orders.updated, ordersUnchanged: this.orders.unchanged };
  }
}

function accountName(db: CrmDatabase, email: string): string | undefined {
  const id = accountIdForEmail(db, email);
  return id === null ? undefined : db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, id)).get()?.name;
}
