import { statSync } from "node:fs";
import path from "node:path";
import type { CrmDatabase } from "../database/open.ts";
import type { Actor } from "../activity/actor.ts";
import { invalid } from "../errors.ts";
import { normalizeCustomerEmail } from "../accounts/email.ts";
import type { IncomingOrder, OrderItem, ShipToAddress } from "../orders/incoming-order.ts";
import { recordOrders, type OrderRecorder, type OrderRecordingSummary } from "../orders/record-orders.ts";
import { isValidTimeZone } from "../time/wall-clock.ts";
import { readCsvFile } from "./csv-file-reader.ts";
import { parseMoneyToCents } from "./money.ts";
import { describeMissingColumns, mapOrderColumns, type OrderColumn } from "./order-columns.ts";
import { parseShipStationDate } from "./shipstation-date.ts";
import { UnreadableValueError } from "./unreadable-value.ts";

export const DEFAULT_IMPORT_TIME_ZONE = "America/New_York";
export const REPORTED_ROW_ERRORS = 100;

export interface CsvImportFile {
  path: string;
  /** How row errors name the file when several are imported together. */
  displayName?: string;
}

export interface CsvImportOptions {
  /** Zone of dates that carry no offset. */
  timeZone?: string;
  /** Read and check everything, report what would change, write nothing. */
  dryRun?: boolean;
  /** Who imports: named on the timelines of the accounts it changes. */
  actor?: Actor;
  onProgress?(progress: CsvImportProgress): void;
}

export interface CsvImportProgress {
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
}

/** The import result as the API and `crm import-csv --json` give it. */
export interface CsvImportResult {
  success: boolean;
  message: string;
  results: {
    processed: number;
    created: number;
    updated: number;
    ordersCreated: number;
    ordersUpdated: number;
    ordersUnchanged: number;
    skipped: number;
    errors: string[];
  };
}

/**
 * Imports ShipStation order exports: every file in one transaction, so a failure or a killed process
 * leaves the database as it was. Bad rows are skipped and reported with their line; a file that cannot
 * be read as an export is rejected whole with a DomainError.
 */
export function importOrdersCsv(db: CrmDatabase, files: CsvImportFile[], options: CsvImportOptions = {}): CsvImportResult {
  const timeZone = options.timeZone ?? DEFAULT_IMPORT_TIME_ZONE;
  if (!isValidTimeZone(timeZone)) throw invalid("timeZone", `Unknown time zone: ${timeZone}`);
  const totalBytes = files.reduce((sum, file) => sum + fileSize(file.path), 0);
  const report = new RowErrorReport(files.length > 1);
  let rowsRead = 0;
  let bytesOfEarlierFiles = 0;

  const { summary } = recordOrders(
    db,
    (recorder) => {
      for (const file of files) {
        const reader = new ExportFileImport(recorder, timeZone, report.forFile(file));
        readCsvFile(file.path, {
          header: (fields) => reader.useHeader(fields),
          row: (fields, line) => {
            rowsRead++;
            reader.readRow(fields, line);
          },
          progress: (bytesRead) => options.onProgress?.({ rowsRead, bytesRead: bytesOfEarlierFiles + bytesRead, totalBytes }),
        });
        reader.finish();
        bytesOfEarlierFiles += fileSize(file.path);
      }
    },
    { dryRun: options.dryRun, actor: options.actor },
  );
  return buildResult(rowsRead, summary, report, options.dryRun === true);
}

/** Reads the rows of one export, grouping consecutive item rows of the same order number into one order. */
class ExportFileImport {
  private column: Partial<Record<OrderColumn, number>> = {};
  private otherColumns: { index: number; header: string }[] = [];
  private pending: IncomingOrder | undefined;
  private pendingOrderCells: string[] = [];

  constructor(
    private readonly recorder: OrderRecorder,
    private readonly timeZone: string,
    private readonly report: (line: number, reason: string) => void,
  ) {}

  useHeader(headers: string[]): void {
    const mapping = mapOrderColumns(headers);
    if (mapping.missing.length > 0) throw invalid("file", describeMissingColumns(mapping.missing));
    this.column = mapping.indexOf;
    this.otherColumns = mapping.otherColumns;
  }

  readRow(fields: string[], line: number): void {
    const cell = (column: OrderColumn) => {
      const index = this.column[column];
      return index === undefined ? "" : (fields[index] ?? "").trim();
    };
    try {
      if (this.continuesPendingOrder(cell)) {
        this.pending!.items.push(...this.items(cell));
        return;
      }
      const order = this.orderFromRow(fields, cell);
      if (this.pending && this.pending.externalId === order.externalId) {
        this.pending.items.push(...order.items);
        return;
      }
      this.flush();
      this.pending = order;
      this.pendingOrderCells = ORDER_LEVEL_COLUMNS.map(cell);
    } catch (error) {
      if (!(error instanceof UnreadableValueError)) throw error;
      this.report(line, error.message);
    }
  }

  /**
   * An item row repeating its order's columns word for word needs none of them read again: only its item
   * columns are new. This halves the work of an export whose orders have several items.
   */
  private continuesPendingOrder(cell: (column: OrderColumn) => string): boolean {
    if (!this.pending?.orderNumber || cell("orderNumber") !== this.pending.orderNumber) return false;
    return ORDER_LEVEL_COLUMNS.every((column, index) => cell(column) === this.pendingOrderCells[index]);
  }

  finish(): void {
    this.flush();
  }

  private flush(): void {
    if (!this.pending) return;
    this.recorder.record(this.pending, { continuesEarlierRows: true });
    this.pending = undefined;
  }

  private orderFromRow(fields: string[], value: (column: OrderColumn) => string): IncomingOrder {
    const emailText = value("customerEmail");
    if (!emailText) throw new UnreadableValueError("missing customer e-mail");
    const customerEmail = normalizeCustomerEmail(emailText);
    if (!customerEmail) throw new UnreadableValueError(`invalid customer e-mail "${emailText}"`);
    const placedAt = parseShipStationDate(value("orderDate"), this.timeZone);
    if (!placedAt) throw new UnreadableValueError("missing order date");

    const orderNumber = value("orderNumber") || null;
    return {
      source: "csv",
      // Without an order number a row is its own order, identified by its content so a re-import finds it again.
      externalId: orderNumber ?? `row:${Bun.hash(fields.join("\u001f")).toString(36)}`,
      orderNumber,
      customerEmail,
      placedAt,
      totalCents: parseMoneyToCents(value("orderTotal")),
      shipTo: this.shipTo(value),
      items: this.items(value),
      details: this.details(fields),
    };
  }

  private shipTo(value: (column: OrderColumn) => string): ShipToAddress {
    return compact({
      name: value("shipToName"),
      company: value("shipToCompany"),
      street1: value("shipToAddress1"),
      street2: value("shipToAddress2"),
      street3: value("shipToAddress3"),
      city: value("shipToCity"),
      state: value("shipToState"),
      postalCode: value("shipToPostalCode"),
      country: value("shipToCountry"),
      phone: value("shipToPhone"),
    });
  }

  private items(value: (column: OrderColumn) => string): OrderItem[] {
    const sku = value("itemSku");
    const name = value("itemName");
    const quantityText = value("itemQty");
    const priceText = value("itemPrice");
    if (!sku && !name && !quantityText && !priceText) return [];
    const item: OrderItem = compact({ sku, name });
    if (quantityText) item.quantity = parseQuantity(quantityText);
    const unitPriceCents = parseMoneyToCents(priceText);
    if (unitPriceCents !== null) item.unitPriceCents = unitPriceCents;
    return [item];
  }

  private details(fields: string[]): Record<string, string> {
    const details: Record<string, string> = {};
    for (const { index, header } of this.otherColumns) {
      const text = fields[index]?.trim();
      if (text) details[header] = text;
    }
    return details;
  }
}

/** The columns that make an order what it is; item rows of one order repeat them. */
const ORDER_LEVEL_COLUMNS: readonly OrderColumn[] = ["customerEmail", "orderDate", "orderTotal", "shipToName", "shipToCompany"];

/** Keeps the first rows' errors word for word and counts the rest. */
class RowErrorReport {
  readonly messages: string[] = [];
  count = 0;

  constructor(private readonly nameFiles: boolean) {}

  forFile(file: CsvImportFile): (line: number, reason: string) => void {
    const prefix = this.nameFiles ? `${file.displayName ?? path.basename(file.path)}: ` : "";
    return (line, reason) => {
      this.count++;
      if (this.messages.length < REPORTED_ROW_ERRORS) this.messages.push(`${prefix}Row ${line}: ${reason}`);
    };
  }

  list(): string[] {
    const more = this.count - this.messages.length;
    return more > 0 ? [...this.messages, `...and ${more.toLocaleString("en-US")} more rows with errors`] : this.messages;
  }
}

function buildResult(rowsRead: number, summary: OrderRecordingSummary, report: RowErrorReport, dryRun: boolean): CsvImportResult {
  const changedOrders = summary.ordersCreated + summary.ordersUpdated;
  const touchedAccounts = summary.accountsCreated + summary.accountsUpdated;
  const parts = [
    `${dryRun ? "Would import" : "Imported"} ${formatCount(changedOrders, "order")} for ${formatCount(touchedAccounts, "account")} (${formatCount(summary.accountsCreated)} new)`,
  ];
  if (summary.ordersUnchanged > 0) parts.push(`${formatCount(summary.ordersUnchanged)} already up to date`);
  if (report.count > 0) parts.push(`${formatCount(report.count, "row")} skipped`);
  return {
    success: true,
    message: parts.join("; "),
    results: {
      processed: rowsRead,
      created: summary.accountsCreated,
      updated: summary.accountsUpdated,
      ordersCreated: summary.ordersCreated,
      ordersUpdated: summary.ordersUpdated,
      ordersUnchanged: summary.ordersUnchanged,
      skipped: report.count,
      errors: report.list(),
    },
  };
}

function parseQuantity(text: string): number {
  const quantity = Number(text.replace(/,/g, ""));
  if (!Number.isInteger(quantity) || quantity < 0) throw new UnreadableValueError(`unreadable quantity "${text}"`);
  return quantity;
}

function compact<T extends Record<string, string>>(values: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key in values) if (values[key]) kept[key] = values[key];
  return kept;
}

function formatCount(count: number, noun?: string): string {
  const figure = count.toLocaleString("en-US");
  if (!noun) return figure;
  return `${figure} ${noun}${count === 1 ? "" : "s"}`;
}

function fileSize(filePath: string): number {
  try {
    return statSync(filePath).size;
  } catch {
    throw invalid("file", `Cannot read ${filePath}: no such file`);
  }
}
