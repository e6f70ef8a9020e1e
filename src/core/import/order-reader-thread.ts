import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { orderReaderScript } from "./order-reader-script.ts" with { type: "macro" };
import type { ColumnMap } from "./order-columns.ts";
import { FLOW, FLOW_BYTES, type ReaderJob, type ReaderMessage } from "./reader-messages.ts";

const ORDER_READER_SCRIPT: string = orderReaderScript();
/** Far longer than the reader needs for any batch: silence this long means it died. */
const READER_SILENCE_LIMIT_MS = 60_000;

/**
 * Reads export files on a worker thread (see readOrders), so that parsing rows and preparing orders, half
 * the work of an import, runs on another core while this thread writes. This thread takes the reader's
 * messages synchronously, blocking in between: a transaction writing them never yields to the event loop,
 * so nothing else can use its connection halfway through an import.
 */
export class OrderReaderThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flow: Int32Array;
  private taken = 0;
  private lastRawJson: ArrayBuffer | undefined;

  constructor(files: string[], columnMaps: (ColumnMap | undefined)[], timeZone: string) {
    const { port1, port2 } = new MessageChannel();
    const flow = new SharedArrayBuffer(FLOW_BYTES);
    const job: ReaderJob = { files, columnMaps, timeZone, port: port2, flow };
    this.worker = new Worker(ORDER_READER_SCRIPT, { eval: true, workerData: job, transferList: [port2] });
    // A reader left waiting must never keep the process alive.
    this.worker.unref();
    this.port = port1;
    this.flow = new Int32Array(flow);
  }

  /**
   * The reader's next message, waiting until it is posted. The previous batch's raw JSON goes back to the
   * reader to be written over: the views of its orders are empty from then on.
   */
  next(): ReaderMessage {
    this.giveBackLastBatch();
    while (Atomics.load(this.flow, FLOW.posted) === this.taken) {
      if (Atomics.wait(this.flow, FLOW.posted, this.taken, READER_SILENCE_LIMIT_MS) === "timed-out") {
        throw new Error("The CSV reader thread stopped responding");
      }
    }
    const received = receiveMessageOnPort(this.port);
    if (received === undefined) throw new Error("The CSV reader thread counted a message it had not sent");
    Atomics.store(this.flow, FLOW.taken, ++this.taken);
    Atomics.notify(this.flow, FLOW.taken);
    const message = received.message as ReaderMessage;
    if (message.kind === "batch") this.lastRawJson = message.rawJson;
    return message;
  }

  /** Whether next() would return at once: a batched import ends its batch rather than hold the write lock while waiting. */
  hasMessage(): boolean {
    return Atomics.load(this.flow, FLOW.posted) !== this.taken;
  }

  /**
   * Resolves once next() would return at once, leaving the thread free meanwhile: the server's thread
   * answers requests while the reader works. Like next(), it gives the previous batch back first, as the
   * reader may need it to go on.
   */
  async whenMessage(): Promise<void> {
    this.giveBackLastBatch();
    while (!this.hasMessage()) {
      const wait = Atomics.waitAsync(this.flow, FLOW.posted, this.taken, READER_SILENCE_LIMIT_MS);
      if (wait.async && (await wait.value) === "timed-out") throw new Error("The CSV reader thread stopped responding");
    }
  }

  private giveBackLastBatch(): void {
    if (this.lastRawJson !== undefined) this.port.postMessage(this.lastRawJson, [this.lastRawJson]);
    this.lastRawJson = undefined;
  }

  /** Ends the reader, wherever it is; once is enough. */
  stop(): void {
    if (Atomics.load(this.flow, FLOW.stop) !== 0) return;
    Atomics.store(this.flow, FLOW.stop, 1);
    // Moving `taken` wakes a reader waiting for room, whenever it started waiting.
    Atomics.add(this.flow, FLOW.taken, 1);
    Atomics.notify(this.flow, FLOW.taken);
    this.port.close();
    void this.worker.terminate();
  }
}
