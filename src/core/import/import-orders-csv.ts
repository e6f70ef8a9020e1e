import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import path from "node:path";
import { REPORTED_ROW_ERRORS, type CsvImportResult } from "../../contracts/imports.ts";
import type { CrmDatabase } from "../database/open.ts";
import type { Actor } from "../activity/actor.ts";
import { invalid } from "../errors.ts";
import { recordOrders, type ClosingStep, type OrderRecordingSummary } from "../orders/record-orders.ts";
import { isValidTimeZone } from "../time/wall-clock.ts";
import { GarbagePacer } from "./garbage-pacer.ts";
import { OrderReaderThread } from "./order-reader-thread.ts";
import { unpackOrders, type ReaderFailure, type ReaderRowError } from "./reader-messages.ts";

export const DEFAULT_IMPORT_TIME_ZONE = "America/New_York";


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
  /** Set once every row is read, during the closing work (index builds, recounts, the commit). */
  step?: ClosingStep;
}

/**
 * Imports ShipStation order exports: every file in one transaction, so a failure or a killed process
 * leaves the database as it was. Bad rows are skipped and reported with their line; a file that cannot
 * be read as an export is rejected whole with a DomainError. The files are read on a thread of their
 * own (OrderReaderThread) while this one writes what it has read.
 */
export function importOrdersCsv(db: CrmDatabase, files: CsvImportFile[], options: CsvImportOptions = {}): CsvImportResult {
  const timeZone = options.timeZone ?? DEFAULT_IMPORT_TIME_ZONE;
  if (!isValidTimeZone(timeZone)) throw invalid("timeZone", `Unknown time zone: ${timeZone}`);
  const totalBytes = files.reduce((sum, file) => sum + fileSize(file.path), 0);
  const report = new RowErrorReport(files);
  const reader = new OrderReaderThread(
    files.map((file) => file.path),
    timeZone,
  );
  const garbage = new GarbagePacer(BYTES_BETWEEN_COLLECTIONS);
  const restoreCacheSize = useSmallPageCache(db.$client);
  const restoreForeignKeys = withoutForeignKeyChecks(db.$client);
  let rowsReadSoFar = 0;
  try {
    const { value: rowsRead, summary } = recordOrders(
      db,
      (recorder) => {
        for (;;) {
          const message = reader.next();
          if (message.kind === "failed") throw readerFailure(message.error);
          if (message.kind === "done") {
            // Ended before the recording's closing work, so the reader's memory is free for it.
            reader.stop();
            rowsReadSoFar = message.rowsRead;
            return message.rowsRead;
          }
          for (const order of unpackOrders(message)) recorder.recordPrepared(order, { continuesEarlierRows: true });
          for (const rowError of message.rowErrors) report.add(rowError);
          garbage.progressed(message.bytesRead);
          options.onProgress?.({ rowsRead: message.rowsRead, bytesRead: message.bytesRead, totalBytes });
        }
      },
      {
        dryRun: options.dryRun,
        actor: options.actor,
        onClosingStep: (step) => options.onProgress?.({ rowsRead: rowsReadSoFar, bytesRead: totalBytes, totalBytes, step }),
      },
    );
    return buildResult(rowsRead, summary, report, options.dryRun === true);
  } finally {
    reader.stop();
    restoreCacheSize();
    restoreForeignKeys();
  }
}

/**
 * The least input between collections on this thread: its heap holds every account the import met, so a
 * collection costs more here than on the reader's thread and is spaced out further.
 */
const BYTES_BETWEEN_COLLECTIONS = 16 << 20;

/** Page cache while importing, in KiB. */
const IMPORT_CACHE_KIB = 16 * 1024;

/**
 * An import streams: it visits most pages it writes or reads once, in order, so a small page cache
 * serves it as well as the connection's large one, and keeps its memory flat. Returns how to put the
 * connection's own size back.
 */
function useSmallPageCache(sqlite: Database): () => void {
  const { cache_size: before } = sqlite.query<{ cache_size: number }, []>("PRAGMA cache_size").get()!;
  sqlite.run(`PRAGMA cache_size = -${IMPORT_CACHE_KIB}`);
  return () => sqlite.run(`PRAGMA cache_size = ${before}`);
}

/**
 * Every account id the import writes into orders and contacts is one it has just found or created in its
 * own transaction, which keeps out every other writer: checking each against the accounts table again
 * cost a random page read per order. SQLite reads this setting only outside a transaction, so it is set
 * before the import's starts. Returns how to put the checks back.
 */
function withoutForeignKeyChecks(sqlite: Database): () => void {
  sqlite.run("PRAGMA foreign_keys = OFF");
  return () => sqlite.run("PRAGMA foreign_keys = ON");
}

/** Keeps the first rows' errors word for word and counts the rest. */
class RowErrorReport {
  readonly messages: string[] = [];
  count = 0;
  private readonly prefixes: string[];

  constructor(files: CsvImportFile[]) {
    this.prefixes = files.map((file) => (files.length > 1 ? `${file.displayName ?? path.basename(file.path)}: ` : ""));
  }

  add({ fileIndex, line, reason }: ReaderRowError): void {
    this.count++;
    if (this.messages.length < REPORTED_ROW_ERRORS) this.messages.push(`${this.prefixes[fileIndex]}Row ${line}: ${reason}`);
  }

  list(): string[] {
    const more = this.count - this.messages.length;
    return more > 0 ? [...this.messages, `...and ${more.toLocaleString("en-US")} more rows with errors`] : this.messages;
  }
}

/** The reader's failure raised again on this thread: a rejected file as the DomainError it was. */
function readerFailure(failure: ReaderFailure): Error {
  if (failure.invalidField !== undefined) return invalid(failure.invalidField, failure.message);
  const error = new Error(`Reading the CSV files failed: ${failure.message}`);
  if (failure.stack) error.stack = failure.stack;
  return error;
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
