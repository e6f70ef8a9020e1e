import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { DomainError } from "../errors.ts";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import { readCsvFile } from "./csv-file-reader.ts";
import { ShipStationFileOrders } from "./shipstation-file-orders.ts";
import { FLOW, OrderPacker, type ReaderFailure, type ReaderJob, type ReaderMessage, type ReaderRowError } from "./reader-messages.ts";

/** Orders per message: enough that copying between threads costs little per order, few enough for steady progress. */
const ORDERS_PER_BATCH = 1000;
/** Room for a batch's raw JSON at the start; the buffer grows when orders are larger. */
const BATCH_BYTES = 1 << 20;
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
  private readonly orders = new OrderPacker(BATCH_BYTES);
  private rowErrors: ReaderRowError[] = [];
  private rowsRead = 0;
  private bytesRead = 0;

  constructor(
    private readonly job: ReaderJob,
    private readonly outbox: Outbox,
  ) {}

  readAll(): void {
    let bytesOfEarlierFiles = 0;
    this.job.files.forEach((filePath, fileIndex) => {
      const orders = new ShipStationFileOrders(this.job.timeZone, this.job.columnMaps[fileIndex], {
        order: (order) => this.add(order),
        rowError: (line, reason, keys) => {
          this.rowErrors.push({ fileIndex, line, reason, ...keys });
          if (this.rowErrors.length === ORDERS_PER_BATCH) this.postBatch();
        },
      });
      readCsvFile(filePath, {
        header: (fields) => orders.useHeader(fields),
        row: (row) => {
          this.rowsRead++;
          orders.readRow(row);
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

  private add(order: PreparedOrder): void {
    this.orders.add(order);
    if (this.orders.orderCount === ORDERS_PER_BATCH) this.postBatch();
  }

  private postBatch(): void {
    if (this.orders.orderCount === 0 && this.rowErrors.length === 0) return;
    for (let returned = this.outbox.receive(); returned !== undefined; returned = this.outbox.receive()) this.orders.reuse(returned);
    const packed = this.orders.take();
    this.outbox.post({ kind: "batch", ...packed, rowErrors: this.rowErrors, rowsRead: this.rowsRead, bytesRead: this.bytesRead }, [packed.rawJson, packed.numbers.buffer as ArrayBuffer, packed.lines.buffer as ArrayBuffer]);
    this.rowErrors = [];
    this.outbox.waitForRoom();
  }
}

/** Posts to the importing thread, keeping count in the shared FLOW counters it waits on, and takes back the buffers it returns. */
class Outbox {
  private posted = 0;

  constructor(
    private readonly port: MessagePort,
    private readonly flow: Int32Array,
  ) {}

  post(message: ReaderMessage, transfer: ArrayBuffer[] = []): void {
    this.port.postMessage(message, transfer);
    Atomics.store(this.flow, FLOW.posted, ++this.posted);
    Atomics.notify(this.flow, FLOW.posted);
  }

  /** A buffer the importing thread handed back, if one is waiting. */
  receive(): ArrayBuffer | undefined {
    return receiveMessageOnPort(this.port)?.message as ArrayBuffer | undefined;
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
