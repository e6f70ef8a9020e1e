import type { Database } from "bun:sqlite";
import type { CsvImportResult } from "../../contracts/imports.ts";
import { COMMAND_LINE, through, type Actor } from "../changes/actor.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { conflict } from "../errors.ts";
import type { CrmDatabase } from "../database/open.ts";
import { OrderRecording, type OrderRecordingSummary } from "../orders/record-orders.ts";
import { countQueuedForPurchaseDays, countQueuedPurchaseDays, MAX_PURCHASE_DAY_BATCH, PURCHASE_DAY_QUEUE_BATCH } from "../analytics/purchase-days.ts";
import { announceImportEnded, claimImportRun, earlierRecording, importDeliveryLabel, finishImportRun, recordImportFinished, recordImportProgress, runningImport, type ImportRun } from "./import-history.ts";
import {
  buildResult,
  checkedTimeZone,
  CONTINUES_EARLIER_ROWS,
  OrdersFromReader,
  RowErrorReport,
  useMappedReads,
  useSmallPageCache,
  withoutForeignKeyChecks,
  type CsvImportFile,
  type CsvImportProgress,
  type SkippedRow,
} from "./csv-import-parts.ts";
import { writerWaitingSince } from "../database/waiting-writers.ts";
import { isDatabaseOpenElsewhere } from "./open-elsewhere.ts";
import { otherOpeners } from "../database/openers.ts";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import { OrdersByCustomer } from "./orders-by-customer.ts";

/**
 * How long a batch should hold the write lock (its orders, its closing work and its commit):
 * - in the server, whose event loop it holds still too; beside a command or a process of unknown kind
 *   (openers.ts), which waits in SQLite's busy handler, telling nobody and trying again every 100 ms at
 *   most, and which the pause between batches must let in; and for a while after a writer elsewhere waited
 *   for a batch (staff at work): short. A waiting writer ends a batch's orders early (waiting-writers.ts),
 *   but not its closing work, which is two thirds of a batch;
 * - beside servers alone, which tell of their waiting writes: longer;
 * - alone: one that opens the database meanwhile waits for one batch.
 * Fewer, longer batches write each index page fewer times: a 200,000-row import beside an idle server took
 * 19 s in batches of 40 ms, 11 s in batches of 200 ms, against 6 s alone (docs/imports.md).
 */
const BATCH_LOCK_SHORT_MS = 40;
const BATCH_LOCK_BESIDE_SERVERS_MS = 200;
const BATCH_LOCK_ALONE_MS = 1_000;
/**
 * The closing count's steps, after each of which a batch of it ends if a writer elsewhere waits: what such a
 * writer waits for at most, with the commit.
 */
const CLOSING_COUNT_STEP_MS = 25;
/** How long batches stay short after a writer elsewhere waited for one. */
const SHORT_BATCHES_AFTER_WAIT_MS = 2_000;
/**
 * A batch ends early once a writer elsewhere waits for the lock (writerWaitingSince), but takes orders for
 * at least this long, so that writers arriving one after another never stop the import altogether.
 */
const BATCH_LOCK_WHEN_WAITED_FOR_MS = 10;
/** How often a batch looks for waiting writers: each look is a stat of a file. */
const WAITING_CHECK_EVERY_MS = 2;
/** A first guess at the closing work and commit per account a batch touched, before a batch has measured it. */
const FIRST_GUESS_CLOSING_MS_PER_ACCOUNT = 0.05;
/**
 * How long a batch leaves the lock free once a writer elsewhere waited for it: the server tries a refused
 * write again every 10 ms at most (busy.ts), so each of its waiting writes gets its turn.
 */
const PAUSE_FOR_WAITING_WRITERS_MS = 15;
/**
 * How long a batch leaves the lock free while a command or a process of unknown kind has the database open
 * and nobody told of waiting: a command waits in SQLite's busy handler, which tells nobody, and tries again
 * at times of its own, 25 ms apart and then 50 and 100 ms. A gap this long after every batch of 40 ms
 * catches one of its tries in the first 250 ms: with 5 ms gaps, writes every 20 ms beside a 600,000-row
 * import waited up to 737 ms. Servers tell of their waiting writes, so beside them alone the next batch
 * begins at once.
 */
const PAUSE_FOR_OTHER_COMMANDS_MS = 20;
/** An import in one transaction still turns to the event loop this often, to hear a request to stop. */
const STOP_CHECK_MS = 100;
/**
 * An import reading every order before it writes customer by customer turns to the event loop this often:
 * in the server, requests are answered meanwhile.
 */
const READING_TURN_MS = 20;
/** How often an import waiting for another one looks again. */
const WAITING_CHECK_MS = 500;

export interface CsvImportRunOptions {
  /** Zone of dates that carry no offset. */
  timeZone?: string;
  /** Who imports: named on the timelines of the accounts it changes. */
  actor?: Actor;
  onProgress?(progress: CsvImportProgress): void;
  /** Told of every skipped row, where the result words only the first REPORTED_ROW_ERRORS. */
  onSkippedRow?(row: SkippedRow): void;
  /** Stops the import at its next commit: batches committed stay, an import in one transaction writes nothing. */
  signal?: AbortSignal;
  /** Told once when another import of the database is running: this one waits for it to end. */
  onWaiting?(running: ImportRun): void;
  /**
   * Run by the server, whose one thread and connection also answer every request: always in batches,
   * waiting for the reader without holding the thread, and refused with a conflict rather than waiting
   * when another import is running.
   */
  inServer?: boolean;
}

export type CsvImportWriting = "one transaction" | "batches";

type Company = "alone" | "servers" | "others";

export interface CsvImportRunOutcome {
  state: "completed" | "interrupted";
  /** Undefined when it was stopped while it waited for another import, before it began. */
  run?: ImportRun;
  writing?: CsvImportWriting;
  /** What was committed. */
  result: CsvImportResult;
}

/**
 * `crm import-csv`: imports ShipStation exports, recorded in the import history, waiting first for any
 * other import of the database to end.
 *
 * Into a database with no orders that no other process has open, everything is written in one
 * transaction that loads in bulk (indexes dropped and built again), the fastest way, and nothing at all
 * is written if it fails or is stopped. Otherwise it commits in batches (BATCH_LOCK_*_MS), pausing
 * between them while other processes have the database open, so that the server's writes never wait
 * long, and keeping the WAL bounded (wal.ts); beside other processes it reads every row first and writes
 * customer by customer (orders-by-customer.ts). Each batch commits its orders together with everything
 * that follows from them (statistics, timelines, welcome tasks, duplicate queue) for the accounts it
 * touched, and its progress in the history: a killed or stopped import leaves every order fully recorded or not at all, every account
 * consistent with its stored orders, and running the same files again completes it (orders are keyed by
 * source and external id, and statistics are recounted, never added to).
 */
export async function runCsvImport(db: CrmDatabase, files: CsvImportFile[], options: CsvImportRunOptions = {}): Promise<CsvImportRunOutcome> {
  const timeZone = checkedTimeZone(options.timeZone);
  const report = new RowErrorReport(files, options.onSkippedRow);
  const sqlite = db.$client;
  const besideOthers = options.inServer === true || isDatabaseOpenElsewhere(sqlite);
  const writing: CsvImportWriting = !besideOthers && !hasOrders(sqlite) ? "one transaction" : "batches";
  // Started before the claim: a missing file is refused before the import takes a place in the history.
  const orders = new OrdersFromReader(files, timeZone, report, options.onProgress);
  try {
    const run = options.inServer ? await claimUnlessAnotherImport(db, fileNames(files)) : await claimWhenNoOtherImport(db, fileNames(files), options);
    if (!run) return { state: "interrupted", result: buildResult(0, NOTHING_RECORDED, report, false) };
    // Beside other processes, whose writes keep its batches short, an import writes customer by customer
    // (orders-by-customer.ts). Alone, its batches are long enough that an account's orders fall in few of
    // them, and it writes the orders as they are read.
    const byCustomer = writing === "batches" && besideOthers ? new OrdersByCustomer(sqlite.filename) : undefined;
    const running = new RunningImport(db, run, writing, orders, report, options, byCustomer);
    // Beside the server, whose staff wait on every batch, an import reads faster through a mapping of the
    // file; alone, it keeps to its memory budget.
    const restoreMemory = besideOthers ? useMappedReads(sqlite) : useSmallPageCache(sqlite);
    const restoreForeignKeys = withoutForeignKeyChecks(sqlite);
    // The server never copies the WAL on its event loop: its own thread does (wal-checkpointer.ts).
    const restoreCheckpoints = writing === "batches" && !options.inServer ? withCheckpointsBetweenTransactions(sqlite) : () => {};
    try {
      const state = writing === "one transaction" ? await running.writeInOneTransaction() : await running.writeInBatches();
      return { state, run, writing, result: running.result() };
    } catch (error) {
      if (sqlite.inTransaction) sqlite.run("ROLLBACK");
      await untilWritten(() => finishImportRun(db, run.id, "failed", error instanceof Error ? error.message : String(error), importActor(options)));
      throw error;
    } finally {
      restoreMemory();
      restoreForeignKeys();
      restoreCheckpoints();
      byCustomer?.close();
    }
  } finally {
    orders.stop();
  }
}

/** Whoever started the import (the command line unless said), writing through it. */
const importActor = (options: CsvImportRunOptions): Actor => through(options.actor ?? COMMAND_LINE, "import");

const NOTHING_RECORDED: OrderRecordingSummary = {
  ordersCreated: 0,
  ordersUpdated: 0,
  ordersUnchanged: 0,
  accountsCreated: 0,
  accountsUpdated: 0,
  ordersUnmatched: 0,
  ordersMatched: 0,
  customersChanged: 0,
  customerChanges: [],
};

class RunningImport {
  private readonly sqlite: Database;
  private readonly recording: OrderRecording;
  /** Who runs the import, through the import: its batches' changes are audited as the run's one entry. */
  private readonly actor: Actor;
  private batches = 0;
  private writerWaitedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: CrmDatabase,
    private readonly run: ImportRun,
    writing: CsvImportWriting,
    private readonly orders: OrdersFromReader,
    private readonly report: RowErrorReport,
    private readonly options: CsvImportRunOptions,
    private readonly byCustomer: OrdersByCustomer | undefined,
  ) {
    this.sqlite = db.$client;
    const delivery = { route: "csv", label: importDeliveryLabel(run.id, run.files) } as const;
    this.actor = importActor(options);
    this.recording = new OrderRecording(db, { actor: this.actor, delivery, inOneTransaction: writing === "one transaction" });
    // A run completing an interrupted one goes on with its recording: one line per account on the
    // timelines, and its accounts counted as new, as one clean import would leave them.
    const earlier = earlierRecording(db, run);
    if (earlier) this.recording.continueRecording(earlier);
  }

  private get stopRequested(): boolean {
    return this.options.signal?.aborted === true;
  }

  result(): CsvImportResult {
    return buildResult(this.orders.rowsRead, this.recording.summary(), this.report, false);
  }

  private progress() {
    return { batches: this.batches, ...historyCounts(this.orders.rowsRead, this.report, this.recording.summary()) };
  }

  async writeInOneTransaction(): Promise<"completed" | "interrupted"> {
    await this.begin();
    this.recording.beginBatch();
    let checkStopAt = performance.now() + STOP_CHECK_MS;
    for (let order = this.orders.next(); order !== undefined; order = this.orders.next()) {
      this.recording.recordPrepared(order, CONTINUES_EARLIER_ROWS);
      if (performance.now() < checkStopAt) continue;
      // Nothing else uses this connection meanwhile: the command line has no other work.
      await turnOfEventLoop();
      if (this.stopRequested) {
        this.sqlite.run("ROLLBACK");
        finishImportRun(this.db, this.run.id, "interrupted", "Stopped before finishing; nothing was written", this.actor);
        return "interrupted";
      }
      checkStopAt = performance.now() + STOP_CHECK_MS;
    }
    this.recording.closeBatch((step) => this.orders.reportStep(step));
    this.batches = 1;
    recordImportProgress(this.db, this.run.id, this.progress(), "completed");
    announceImportEnded(this.db, this.run.id, this.actor);
    this.sqlite.run("COMMIT");
    return "completed";
  }

  async writeInBatches(): Promise<"completed" | "interrupted"> {
    const source = this.byCustomer === undefined ? new OrdersAsRead(this.orders, this.options.signal) : await this.readForCustomerOrder(this.byCustomer);
    const budget = new BatchBudget();
    let company = this.company();
    for (;;) {
      // Waited for outside the transaction, and without holding the thread: the write lock is held only
      // while there are orders to write.
      let order = await source.first();
      if (this.stopRequested) return this.interrupted();
      if (order === undefined) {
        await untilWritten(() => recordImportProgress(this.db, this.run.id, this.progress()));
        return this.countQueuedPurchaseDays();
      }
      await this.beginBatch(company);
      const began = performance.now();
      const waiting = new WaitingWriters(this.sqlite);
      this.recording.beginBatch();
      const lockLimitMs = this.lockLimitMs(company);
      do {
        this.recording.recordPrepared(order, CONTINUES_EARLIER_ROWS);
      } while (!budget.spent(performance.now() - began, this.recording.accountsTouchedInBatch, lockLimitMs, waiting) && (order = source.ready()) !== undefined);
      const wrote = performance.now();
      const accountsTouched = this.recording.accountsTouchedInBatch;
      this.recording.closeBatch();
      this.batches++;
      // Running until the closing count ends too: another import of the database waits for that.
      recordImportProgress(this.db, this.run.id, this.progress());
      this.sqlite.run("COMMIT");
      budget.learnClosing(performance.now() - wrote, accountsTouched);
      this.orders.reportProgress({ batches: this.batches, ...source.progress() });
      if (source.done) return this.countQueuedPurchaseDays();

      company = this.company();
      await this.pauseAfterBatch(waiting, company);
    }
  }

  /**
   * Reads every order before writing any: those the database already has as they are are counted as
   * unchanged, the rest kept in the scratch file to be written customer by customer. A later listing of an
   * order kept there is kept too, so that it is recorded after the earlier one.
   */
  private async readForCustomerOrder(byCustomer: OrdersByCustomer): Promise<SortedOrders> {
    // Into a database without orders (the first import beside a server), every order is to be written:
    // looking each up would only cost time. Recording finds any that came meanwhile all the same.
    const lookUp = hasOrders(this.sqlite);
    let turnAt = performance.now() + READING_TURN_MS;
    for (let order = await this.orders.nextReady(this.options.signal); order !== undefined; order = this.orders.next(false) ?? (await this.orders.nextReady(this.options.signal))) {
      if (!lookUp || byCustomer.has(order) || !this.recording.countIfUnchanged(order)) byCustomer.add(order);
      if (performance.now() < turnAt) continue;
      await turnOfEventLoop();
      turnAt = performance.now() + READING_TURN_MS;
    }
    return new SortedOrders(byCustomer);
  }

  private async interrupted(): Promise<"interrupted"> {
    await untilWritten(() => finishImportRun(this.db, this.run.id, "interrupted", "Stopped before finishing; run it again to complete", this.actor));
    return "interrupted";
  }

  /**
   * What analytics count for the accounts the batches touched, left queued by them so that each account is
   * counted once (purchase-days.ts), counted now in batches of their own. Unlike an order batch, whose
   * closing recount cannot be cut short, this work comes in steps of CLOSING_COUNT_STEP_MS, and a batch ends
   * after the step under way once a writer elsewhere waits: so beside servers alone its batches hold the
   * lock as long as an import alone does, and write each page of the purchase days' day index fewer times.
   * Stopped meanwhile, the import is complete all the same: the rest is counted by the server or the next
   * start.
   */
  private async countQueuedPurchaseDays(): Promise<"completed"> {
    // Steps are sized on the pace so far, and never below PURCHASE_DAY_QUEUE_BATCH accounts: a pace
    // measured on a few accounts is mostly a step's own cost, and sized on it alone, steps can shrink to a
    // handful of accounts, each paying that cost.
    let msPerAccount: number | undefined;
    const accountsPerStep = () =>
      msPerAccount === undefined ? PURCHASE_DAY_QUEUE_BATCH : Math.max(PURCHASE_DAY_QUEUE_BATCH, Math.min(MAX_PURCHASE_DAY_BATCH, Math.floor(CLOSING_COUNT_STEP_MS / msPerAccount)));
    const queued = countQueuedForPurchaseDays(this.sqlite);
    let left = queued;
    for (;;) {
      const company = this.company();
      const lockLimitMs = this.closingCountLockLimitMs(company);
      // Told at every batch, so that the progress says what the import does however long this takes.
      this.orders.reportStep("counting purchase days", { done: queued - left, total: queued });
      await this.beginBatch(company);
      const began = performance.now();
      const waiting = new WaitingWriters(this.sqlite);
      try {
        let stepMs = 0;
        do {
          const stepBegan = performance.now();
          const accounts = Math.min(left, accountsPerStep());
          left = countQueuedPurchaseDays(this.sqlite, accounts);
          stepMs = performance.now() - stepBegan;
          msPerAccount = Math.max(0.01, stepMs / accounts);
        } while (left > 0 && !this.stopRequested && performance.now() - began + stepMs < lockLimitMs && !waiting.now());
        const done = left === 0 || this.stopRequested;
        // The history's time runs to the end of this work, which a long import's last batch is far from.
        if (done) recordImportFinished(this.db, this.run.id, this.actor);
        this.sqlite.run("COMMIT");
        if (done) return "completed";
      } catch (error) {
        this.sqlite.run("ROLLBACK");
        throw error;
      }
      await this.pauseAfterBatch(waiting, company);
    }
  }

  /** Who else has the database open: nobody, only the product's servers, or someone that may wait unheard. */
  private company(): Company {
    if (!isDatabaseOpenElsewhere(this.sqlite)) return "alone";
    const others = otherOpeners(this.sqlite.filename);
    // A process that did not say what it is (a sqlite3 shell, a test's connection) is taken for a command.
    return others.length > 0 && others.every((kind) => kind === "server") ? "servers" : "others";
  }

  private lockLimitMs(company: Company): number {
    if (this.options.inServer || company === "others" || performance.now() - this.writerWaitedAt < SHORT_BATCHES_AFTER_WAIT_MS) return BATCH_LOCK_SHORT_MS;
    return company === "servers" ? BATCH_LOCK_BESIDE_SERVERS_MS : BATCH_LOCK_ALONE_MS;
  }

  /**
   * The closing count's batches end at the step under way once a writer waits, so beside servers alone
   * they may hold the lock as long as alone; but a batch's commit grows with it, and staff at work wait for
   * that, so while they write, no longer than beside servers. Beside a command, which waits unheard, or in
   * the server, whose event loop a batch holds too: short.
   */
  private closingCountLockLimitMs(company: Company): number {
    if (this.options.inServer || company === "others") return BATCH_LOCK_SHORT_MS;
    return performance.now() - this.writerWaitedAt < SHORT_BATCHES_AFTER_WAIT_MS ? BATCH_LOCK_BESIDE_SERVERS_MS : BATCH_LOCK_ALONE_MS;
  }

  /**
   * Writers elsewhere that waited for the batch get the lock before the next one: they try again at
   * intervals shorter than the pause, and the batches after it are short for a while.
   */
  private pauseAfterBatch(waiting: WaitingWriters, company: Company): Promise<void> {
    if (!waiting.sinceBatchBegan()) return pause(company === "others" ? PAUSE_FOR_OTHER_COMMANDS_MS : 0);
    this.writerWaitedAt = performance.now();
    return pause(PAUSE_FOR_WAITING_WRITERS_MS);
  }

  /**
   * Begins a batch's transaction once the WAL is small enough (wal.ts), and takes the write lock however long
   * another process holds it: an import has nothing else to do.
   */
  private async beginBatch(company: Company): Promise<void> {
    await this.db.wal.beforeTransaction({
      always: company === "others",
      onWaiting: () => this.orders.reportProgress({ batches: this.batches, waitingForReaders: true }),
    });
    await this.begin();
  }

  private async begin(): Promise<void> {
    await untilWritten(() => this.sqlite.run("BEGIN IMMEDIATE"));
  }
}

/** Where the batches take their orders from: as read, or customer by customer once all are read. */
interface BatchOrders {
  /** The next order, waited for outside any transaction; undefined when there are no more, or the import is stopped. */
  first(): Promise<PreparedOrder | undefined>;
  /** The next order if it is there now, for the batch under way. */
  ready(): PreparedOrder | undefined;
  /** Every order has been handed out. */
  readonly done: boolean;
  progress(): Pick<CsvImportProgress, "ordersWritten">;
}

class OrdersAsRead implements BatchOrders {
  constructor(
    private readonly orders: OrdersFromReader,
    private readonly signal: AbortSignal | undefined,
  ) {}

  first() {
    return this.orders.nextReady(this.signal);
  }

  ready() {
    return this.orders.next(false);
  }

  get done() {
    return this.orders.done;
  }

  progress() {
    return {};
  }
}

/**
 * The orders of the scratch file, customer by customer. The first comes once SQLite has sorted them all,
 * before any batch begins: about a second for 300,000 orders, milliseconds for an upload's 5 MB, which the
 * server's thread sorts.
 */
class SortedOrders implements BatchOrders {
  private readonly orders: Iterator<PreparedOrder>;
  private readonly total: number;
  private handedOut = 0;
  private upNext: PreparedOrder | undefined;

  constructor(byCustomer: OrdersByCustomer) {
    this.total = byCustomer.count;
    this.orders = byCustomer.inCustomerOrder();
    this.upNext = this.take();
  }

  first() {
    return Promise.resolve(this.ready());
  }

  ready() {
    const order = this.upNext;
    if (order !== undefined) {
      this.upNext = this.take();
      this.handedOut++;
    }
    return order;
  }

  get done() {
    return this.upNext === undefined;
  }

  progress() {
    return { ordersWritten: { done: this.handedOut, total: this.total } };
  }

  private take(): PreparedOrder | undefined {
    const next = this.orders.next();
    return next.done ? undefined : next.value;
  }
}

/**
 * Keeps each batch's hold on the write lock near its limit, or BATCH_LOCK_WHEN_WAITED_FOR_MS once a writer
 * elsewhere waits. Its closing work (recounts, timelines, tasks) and commit grow with the accounts
 * the batch touched, at a cost per account learned from the batches before: a batch stops taking orders
 * once the time it has spent and its closing work would reach the limit.
 */
class BatchBudget {
  private closingMsPerAccount = FIRST_GUESS_CLOSING_MS_PER_ACCOUNT;

  spent(elapsedMs: number, accountsTouched: number, lockLimitMs: number, waiting: WaitingWriters): boolean {
    const lockMs = elapsedMs + accountsTouched * this.closingMsPerAccount;
    return lockMs >= lockLimitMs || (lockMs >= BATCH_LOCK_WHEN_WAITED_FOR_MS && waiting.now());
  }

  // Averaged with the figure before: one batch slowed by something else on the machine should not halve the next.
  learnClosing(closingMs: number, accountsTouched: number): void {
    if (accountsTouched > 0) this.closingMsPerAccount = (this.closingMsPerAccount + closingMs / accountsTouched) / 2;
  }
}

/** Whether a writer elsewhere has waited for the lock since the batch began, looked up every few milliseconds. */
class WaitingWriters {
  private readonly since = Date.now();
  private nextLook = performance.now() + WAITING_CHECK_EVERY_MS;
  private seen = false;

  constructor(private readonly sqlite: Database) {}

  /** As of the last look, at most a few milliseconds ago: cheap enough for every order. */
  now(): boolean {
    if (!this.seen && performance.now() >= this.nextLook) {
      this.nextLook = performance.now() + WAITING_CHECK_EVERY_MS;
      this.seen = writerWaitingSince(this.sqlite, this.since);
    }
    return this.seen;
  }

  /** Looked up now, once the batch is committed. */
  sinceBatchBegan(): boolean {
    this.seen ||= writerWaitingSince(this.sqlite, this.since);
    return this.seen;
  }
}

/** Claims a place in the import history, refused with a conflict while another import is running. */
async function claimUnlessAnotherImport(db: CrmDatabase, files: string[]): Promise<ImportRun> {
  const claim = await untilWritten(() => claimImportRun(db, files));
  if ("run" in claim) return claim.run;
  const other = claim.runningImport;
  throw conflict(`Import #${other.id} is running (started ${other.startedAt.toISOString()}); import this file once it has finished`);
}

/**
 * Claims a place in the import history once no other import is running, looking again every half second
 * (each look a read, which never waits). Undefined when stopped while waiting.
 */
async function claimWhenNoOtherImport(db: CrmDatabase, files: string[], options: CsvImportRunOptions): Promise<ImportRun | undefined> {
  let told = false;
  while (options.signal?.aborted !== true) {
    // Looked for with a read first: a claim would wait, unseen, for the lock of an import written in one transaction.
    let other = runningImport(db);
    if (other === undefined) {
      const claim = await untilWritten(() => claimImportRun(db, files));
      if ("run" in claim) return claim.run;
      other = claim.runningImport;
    }
    if (!told) options.onWaiting?.(other);
    told = true;
    await pause(WAITING_CHECK_MS);
  }
  return undefined;
}

/**
 * SQLite copies the WAL into the database at the end of a commit once it has grown past 1,000 pages: after
 * every batch. A batched import has it copied between batches instead, once it is large (wal.ts), and once
 * more at its end. Returns how to do that last copy and put SQLite's own copying back.
 */
function withCheckpointsBetweenTransactions(sqlite: Database): () => void {
  const { wal_autocheckpoint: before } = sqlite.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()!;
  sqlite.run("PRAGMA wal_autocheckpoint = 0");
  return () => {
    sqlite.run("PRAGMA wal_checkpoint(PASSIVE)");
    sqlite.run(`PRAGMA wal_autocheckpoint = ${before}`);
  };
}

/** The files as the history names them. */
function fileNames(files: CsvImportFile[]): string[] {
  return files.map((file) => file.displayName ?? file.path);
}

function historyCounts(rowsRead: number, report: RowErrorReport, summary: OrderRecordingSummary) {
  return {
    rowsRead,
    rowsSkipped: report.count,
    ordersCreated: summary.ordersCreated,
    ordersUpdated: summary.ordersUpdated,
    accountsCreated: summary.accountsCreated,
    customersChanged: summary.customersChanged,
    customerChanges: summary.customerChanges,
  };
}

function hasOrders(sqlite: Database): boolean {
  return sqlite.query("SELECT 1 FROM orders LIMIT 1").get() !== null;
}

/**
 * Runs a write however long another process keeps the database busy: the command line's connection waits
 * for the lock itself (busy_timeout), and this tries again whenever that wait runs out.
 */
function untilWritten<T>(write: () => T): Promise<T> {
  return whenDatabaseFree(write, { giveUpAfterMs: Number.POSITIVE_INFINITY });
}

function pause(ms: number): Promise<void> {
  return ms > 0 ? Bun.sleep(ms) : turnOfEventLoop();
}

/** Lets pending events (a signal) run: a resolved promise alone would not. */
function turnOfEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
