import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import path from "node:path";
import { REPORTED_ROW_ERRORS, type CsvImportResult } from "../../contracts/imports.ts";
import { invalid } from "../errors.ts";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import type { ClosingStep, OrderRecordingSummary } from "../orders/record-orders.ts";
import { isValidTimeZone } from "../time/wall-clock.ts";
import type { SkippedRowKeys } from "./shipstation-file-orders.ts";
import { GarbagePacer } from "./garbage-pacer.ts";
import { OrderReaderThread } from "./order-reader-thread.ts";
import type { ColumnMap } from "./order-columns.ts";
import { unpackOrders, type ReaderFailure, type ReaderMessage, type ReaderRowError } from "./reader-messages.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";

/**
 * What an import of ShipStation exports (csv-import-run.ts) and its dry run (csv-import-preview.ts) share:
 * the files, the orders the reader thread sends, the bad rows reported, the connection's settings while
 * they write, and the result they both answer.
 */

export const DEFAULT_IMPORT_TIME_ZONE = "America/New_York";

export interface CsvImportFile {
  path: string;
  /** How row errors name the file when several are imported together. */
  displayName?: string;
  /** Which of its columns is which, as staff chose; without it, ShipStation's names are read. */
  columnMap?: ColumnMap;
}

export interface CsvImportPreviewOptions {
  /** Zone of dates that carry no offset. */
  timeZone?: string;
  onProgress?(progress: CsvImportProgress): void;
  /** Told of every skipped row, where the result words only the first REPORTED_ROW_ERRORS. */
  onSkippedRow?(row: SkippedRow): void;
}

/** A row the import skipped: its file as named, the line it starts on, why, and what it says of its order. */
export interface SkippedRow extends SkippedRowKeys {
  file: string;
  line: number;
  reason: string;
}

export interface CsvImportProgress {
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
  /** Batches committed so far, by an import in batches. */
  batches?: number;
  /** Set while an import in batches waits for a long read elsewhere to end, so that the WAL can start over (wal.ts). */
  waitingForReaders?: boolean;
  /** Set once every row is read, during the closing work (index builds, recounts, the commit). */
  step?: ClosingStep;
  /** How far a step done in batches has come, e.g. accounts whose purchase days are counted. */
  stepCounts?: { done: number; total: number };
  /**
   * Set by an import that writes customer by customer, once every row is read: the orders it has written
   * so far, of those it found to write (orders-by-customer.ts).
   */
  ordersWritten?: { done: number; total: number };
}

/**
 * Every order of an export is recorded as possibly continuing earlier rows: an export may list an order's
 * item rows apart from each other, and the reader only joins those that follow each other.
 */
export const CONTINUES_EARLIER_ROWS = { continuesEarlierRows: true } as const;

export function checkedTimeZone(timeZone = DEFAULT_IMPORT_TIME_ZONE): string {
  if (!isValidTimeZone(timeZone)) throw invalid("timeZone", `Unknown time zone: ${timeZone}`);
  return timeZone;
}

/**
 * The orders the reader thread sends, one at a time, with its bad rows reported and its progress told as
 * each of its messages is taken. A message's orders are views of its buffer, which goes back to the reader
 * when the next message is taken: each order must be recorded (or copied) before the next one is asked for.
 */
export class OrdersFromReader {
  private readonly reader: OrderReaderThread;
  private readonly garbage = new GarbagePacer(BYTES_BETWEEN_COLLECTIONS);
  private readonly totalBytes: number;
  private pending: PreparedOrder[] = [];
  private at = 0;
  private bytesRead = 0;
  private batches: number | undefined;
  rowsRead = 0;
  /** Every order has been handed out. */
  done = false;

  constructor(
    files: CsvImportFile[],
    timeZone: string,
    private readonly report: RowErrorReport,
    private readonly onProgress: CsvImportPreviewOptions["onProgress"],
  ) {
    this.totalBytes = files.reduce((sum, file) => sum + fileSize(file.path), 0);
    this.reader = new OrderReaderThread(
      files.map((file) => file.path),
      files.map((file) => file.columnMap),
      timeZone,
    );
  }

  /**
   * The next order, undefined once every order was handed out. Waits for the reader when it has sent
   * nothing more yet, unless `wait` is false: then undefined also means "none ready yet".
   */
  next(wait = true): PreparedOrder | undefined {
    while (this.at === this.pending.length) {
      if (this.done || (!wait && !this.reader.hasMessage())) return undefined;
      this.take(this.reader.next());
    }
    return this.pending[this.at++];
  }

  /**
   * The next order, waiting for the reader without holding the thread; undefined once every order was
   * handed out, or at once when the signal stops the import.
   */
  async nextReady(signal?: AbortSignal): Promise<PreparedOrder | undefined> {
    for (;;) {
      const order = this.next(false);
      if (order !== undefined || this.done || signal?.aborted) return order;
      await this.reader.whenMessage();
    }
  }

  private take(message: ReaderMessage): void {
    if (message.kind === "failed") throw readerFailure(message.error);
    this.pending = message.kind === "batch" ? unpackOrders(message) : [];
    this.at = 0;
    this.rowsRead = message.rowsRead;
    if (message.kind === "done") {
      this.done = true;
      // Ended before the recording's closing work, so the reader's memory is free for it.
      this.reader.stop();
      return;
    }
    for (const rowError of message.rowErrors) this.report.add(rowError);
    this.garbage.progressed(message.bytesRead);
    this.bytesRead = message.bytesRead;
    this.reportProgress();
  }

  /** Tells how far the import has come, with what the writer adds (its batches, a wait). */
  reportProgress(writing: Pick<CsvImportProgress, "batches" | "waitingForReaders" | "ordersWritten"> = {}): void {
    this.batches = writing.batches ?? this.batches;
    this.onProgress?.({ rowsRead: this.rowsRead, bytesRead: this.bytesRead, totalBytes: this.totalBytes, batches: this.batches, ...writing });
  }

  /** Tells a step of the closing work, once every row is read. */
  reportStep(step: ClosingStep, stepCounts?: CsvImportProgress["stepCounts"]): void {
    this.onProgress?.({ rowsRead: this.rowsRead, bytesRead: this.totalBytes, totalBytes: this.totalBytes, batches: this.batches, step, stepCounts });
  }

  stop(): void {
    this.reader.stop();
  }
}

/**
 * The least input between collections on this thread: its heap holds every account the import met, so a
 * collection costs more here than on the reader's thread and is spaced out further.
 */
const BYTES_BETWEEN_COLLECTIONS = 16 << 20;

/** Page cache while importing in one transaction, in KiB. */
const IMPORT_CACHE_KIB = 16 * 1024;
/** The most of the database file an import in batches reads through a memory mapping. */
const MAPPED_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * An import in one transaction streams: it visits most pages it writes or reads once, in order, so a small
 * page cache serves it as well as the connection's large one, and keeps its memory flat. Returns how to put
 * the connection's own size back.
 */
export function useSmallPageCache(sqlite: Database): () => void {
  const { cache_size: before } = sqlite.query<{ cache_size: number }, []>("PRAGMA cache_size").get()!;
  sqlite.run(`PRAGMA cache_size = -${IMPORT_CACHE_KIB}`);
  return () => sqlite.run(`PRAGMA cache_size = ${before}`);
}

/**
 * An import in batches recounts the accounts each batch touched, reading their orders from all over a
 * database of hundreds of megabytes: read from a mapping of the file rather than copied in by a system call
 * each, it took half as long beside the server. Mapped pages are the kernel's file cache, shared and
 * reclaimable, though they count in the process's resident memory. Returns how to stop mapping.
 */
export function useMappedReads(sqlite: Database): () => void {
  sqlite.run(`PRAGMA mmap_size = ${MAPPED_BYTES}`);
  return () => sqlite.run("PRAGMA mmap_size = 0");
}

/**
 * Every account id the import writes into orders and contacts is one it has just found or created in its
 * own transaction, which keeps out every other writer: checking each against the accounts table again
 * cost a random page read per order. SQLite reads this setting only outside a transaction, so it is set
 * before the import's starts. Returns how to put the checks back.
 */
export function withoutForeignKeyChecks(sqlite: Database): () => void {
  sqlite.run("PRAGMA foreign_keys = OFF");
  return () => sqlite.run("PRAGMA foreign_keys = ON");
}

/** Keeps the first rows' errors word for word and counts the rest. */
export class RowErrorReport {
  readonly messages: string[] = [];
  count = 0;
  private readonly prefixes: string[];
  private readonly fileNames: string[];

  constructor(
    files: CsvImportFile[],
    private readonly onSkippedRow?: (row: SkippedRow) => void,
  ) {
    this.fileNames = files.map((file) => file.displayName ?? path.basename(file.path));
    this.prefixes = this.fileNames.map((name) => (files.length > 1 ? `${name}: ` : ""));
  }

  add({ fileIndex, line, reason, orderNumber, customerEmail }: ReaderRowError): void {
    this.count++;
    this.onSkippedRow?.({ file: this.fileNames[fileIndex]!, line, reason, orderNumber, customerEmail });
    if (this.messages.length < REPORTED_ROW_ERRORS) this.messages.push(`${this.prefixes[fileIndex]}Row ${line}: ${reason}`);
  }

  list(): string[] {
    const more = this.count - this.messages.length;
    return more > 0 ? [...this.messages, `...and ${formatCount(more)} more rows with errors`] : this.messages;
  }
}

/** The reader's failure raised again on this thread: a rejected file as the DomainError it was. */
function readerFailure(failure: ReaderFailure): Error {
  if (failure.invalidField !== undefined) return invalid(failure.invalidField, failure.message);
  const error = new Error(`Reading the CSV files failed: ${failure.message}`);
  if (failure.stack) error.stack = failure.stack;
  return error;
}

export function buildResult(rowsRead: number, summary: OrderRecordingSummary, report: RowErrorReport, dryRun: boolean): CsvImportResult {
  const changedOrders = summary.ordersCreated + summary.ordersUpdated;
  const touchedAccounts = summary.accountsCreated + summary.accountsUpdated;
  const parts = [
    `${dryRun ? "Would import" : "Imported"} ${formatCountOf(changedOrders, "order")} for ${formatCountOf(touchedAccounts, "account")} (${formatCount(summary.accountsCreated)} new)`,
  ];
  if (summary.ordersUnchanged > 0) parts.push(`${formatCount(summary.ordersUnchanged)} already up to date`);
  if (report.count > 0) parts.push(`${formatCountOf(report.count, "row")} skipped`);
  if (summary.customersChanged > 0) parts.push(`${formatCountOf(summary.customersChanged, "order")} moved to another customer`);
  // Orders the API sent without an e-mail, which this file names the customer of.
  if (summary.ordersMatched > 0) parts.push(`${formatCountOf(summary.ordersMatched, "unmatched order")} matched by e-mail`);
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
      customersChanged: summary.customersChanged,
      customerChanges: summary.customerChanges,
    },
  };
}

function fileSize(filePath: string): number {
  try {
    return statSync(filePath).size;
  } catch {
    throw invalid("file", `Cannot read ${filePath}: no such file`);
  }
}
