import type { MessagePort } from "node:worker_threads";
import { DomainError } from "../errors.ts";
import type { IncomingOrder } from "../orders/incoming-order.ts";
import { prepareOrder, type PreparedOrder } from "../orders/prepared-order.ts";
import { readCsvFile } from "./csv-file-reader.ts";
import { ExportFileOrders } from "./export-file-orders.ts";
import { FLOW, packOrders, type ReaderFailure, type ReaderJob, type ReaderMessage, type ReaderRowError } from "./reader-messages.ts";

/** Orders per message: enough that copying between threads costs little per order, few enough for steady progress. */
const ORDERS_PER_BATCH = 1000;
/** Messages the reader may be ahead of the importing thread: enough to keep it busy, few enough to keep memory flat. */
const MESSAGES_AHEAD = 4;

/**
 * The reader thread's work: reads the export files one after the other, turns their rows into prepared
 * orders and posts them in batches, pausing while the importing thread is MESSAGES_AHEAD behind. Ends
 * with `done`, or with `failed` when a file cannot be read as an export; stops early when asked to.
 */
export function readOrders(job: ReaderJob): void {
  const outbox = new Outbox(job.port, new Int32Array(job.flow));
  try {
    new ExportFilesReading(job, outbox).readAll();
  } catch (error) {
    if (!(error instanceof StopRequested)) outbox.post({ kind: "failed", error: describeFailure(error) });
  }
}

class ExportFilesReading {
  private orders: PreparedOrder[] = [];
  private rowErrors: ReaderRowError[] = [];
  private rowsRead = 0;
  private bytesRead = 0;
  /** E-mails whose customer details went out with an order: the importing thread has them from then on. */
  private readonly customersSent = new Set<string>();

  constructor(
    private readonly job: ReaderJob,
    private readonly outbox: Outbox,
  ) {}

  readAll(): void {
    let bytesOfEarlierFiles = 0;
    this.job.files.forEach((filePath, fileIndex) => {
      const orders = new ExportFileOrders(this.job.timeZone, {
        order: (order) => this.add(order),
        rowError: (line, reason) => {
          this.rowErrors.push({ fileIndex, line, reason });
          if (this.rowErrors.length === ORDERS_PER_BATCH) this.postBatch();
        },
      });
      readCsvFile(filePath, {
        header: (fields) => orders.useHeader(fields),
        row: (fields, line) => {
          this.rowsRead++;
          orders.readRow(fields, line);
        },
        progress: (bytesRead) => {
          this.bytesRead = bytesOfEarlierFiles + bytesRead;
        },
      });
      orders.finish();
      bytesOfEarlierFiles = this.bytesRead;
    });
    this.postBatch();
    this.outbox.post({ kind: "done", rowsRead: this.rowsRead, bytesRead: this.bytesRead });
  }

  private add(order: IncomingOrder): void {
    const newCustomer = !this.customersSent.has(order.customerEmail);
    // A copy: the parser's string may be a slice that would keep its whole chunk of the file alive.
    if (newCustomer) this.customersSent.add(Buffer.from(order.customerEmail).toString());
    this.orders.push(prepareOrder(order, { withCustomer: newCustomer }));
    if (this.orders.length === ORDERS_PER_BATCH) this.postBatch();
  }

  private postBatch(): void {
    if (this.orders.length === 0 && this.rowErrors.length === 0) return;
    this.outbox.post({ kind: "batch", orders: packOrders(this.orders), rowErrors: this.rowErrors, rowsRead: this.rowsRead, bytesRead: this.bytesRead });
    this.orders = [];
    this.rowErrors = [];
    this.outbox.waitForRoom();
  }
}

/** Posts to the importing thread and keeps count in the shared FLOW counters it waits on. */
class Outbox {
  private posted = 0;

  constructor(
    private readonly port: MessagePort,
    private readonly flow: Int32Array,
  ) {}

  post(message: ReaderMessage): void {
    this.port.postMessage(message);
    Atomics.store(this.flow, FLOW.posted, ++this.posted);
    Atomics.notify(this.flow, FLOW.posted);
  }

  /** Returns once the importing thread is fewer than MESSAGES_AHEAD behind; throws StopRequested if it wants no more. */
  waitForRoom(): void {
    for (;;) {
      const taken = Atomics.load(this.flow, FLOW.taken);
      if (Atomics.load(this.flow, FLOW.stop) !== 0) throw new StopRequested();
      if (this.posted - taken < MESSAGES_AHEAD) return;
      Atomics.wait(this.flow, FLOW.taken, taken);
    }
  }
}

class StopRequested extends Error {}

function describeFailure(error: unknown): ReaderFailure {
  if (error instanceof DomainError && error.kind === "invalid" && error.field !== undefined) return { message: error.message, invalidField: error.field };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}
