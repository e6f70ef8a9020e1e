import { Worker } from "node:worker_threads";
import type { ArrivingDelivery } from "./webhook-intake.ts";

/**
 * Writes the webhook intake file (webhook-intake.ts) on a thread of its own. A delivery is answered once it
 * is on disk (synchronous = FULL), and each commit waits for the disk: 0.3 ms usually, several on a busy
 * one. On the server's thread every request in a burst would stand still for those waits; here the thread
 * goes on reading the next deliveries meanwhile. Those that arrive while a commit is under way are
 * committed together next, so a burst pays one wait per commit, not one per delivery.
 */
export class IntakeWriter {
  private readonly worker: Worker;
  /** Deliveries waiting for the commit under way to end; null when none are waiting. */
  private arriving: Arriving[] | null = null;
  /** The commit under way, if any, and what it answers. */
  private committing: Arriving[] | null = null;
  /** The highest number moved into crm.db that the writer has not been told to remove yet. */
  private removeUpToId: number | null = null;
  private failure: Error | null = null;
  private readonly idle = new Set<() => void>();

  constructor(file: string) {
    this.worker = new Worker(WRITER_SCRIPT, { eval: true, workerData: { file } });
    // Holding the process open only while a commit is under way: a server's stop closes it.
    this.worker.unref();
    this.worker.on("message", (answer: WriterAnswer) => this.committed(answer));
    this.worker.on("error", (error: unknown) => this.stopWith(error instanceof Error ? error : new Error(String(error))));
    this.worker.on("exit", (code) => this.stopWith(new Error(`The webhook intake's writer stopped (exit code ${code})`)));
  }

  store(delivery: ArrivingDelivery): Promise<{ id: number }> {
    if (this.failure) return Promise.reject(this.failure);
    const stored = Promise.withResolvers<{ id: number }>();
    if (!this.arriving) {
      this.arriving = [];
      // Those arriving in this turn of the event loop go together, if no commit is under way.
      setImmediate(() => this.commitNext());
    }
    this.arriving.push({ ...delivery, stored });
    return stored.promise;
  }

  /** Removes the deliveries numbered up to `id`, moved into crm.db: with the next commit, or now if none is due. */
  removeUpTo(id: number): void {
    this.removeUpToId = Math.max(id, this.removeUpToId ?? 0);
    this.commitNext();
  }

  /** Commits what is arriving and the removals asked for, then stops the thread. */
  async close(): Promise<void> {
    this.commitNext();
    if (this.committing) await new Promise<void>((resolve) => this.idle.add(resolve));
    await this.worker.terminate();
  }

  private commitNext(): void {
    if (this.committing || this.failure) return;
    const deliveries = this.arriving ?? [];
    if (deliveries.length === 0 && this.removeUpToId === null) return;
    this.arriving = null;
    this.committing = deliveries;
    this.worker.ref();
    const receivedAt = Date.now();
    this.worker.postMessage({
      deliveries: deliveries.map(({ resourceUrl, resourceType }) => [resourceUrl, resourceType]),
      receivedAt,
      removeUpTo: this.removeUpToId,
    } satisfies WriterRequest);
    this.removeUpToId = null;
  }

  private committed(answer: WriterAnswer): void {
    const done = this.committing ?? [];
    this.committing = null;
    if ("ids" in answer) done.forEach((delivery, index) => delivery.stored.resolve({ id: answer.ids[index]! }));
    else for (const delivery of done) delivery.stored.reject(new Error(answer.error));
    this.commitNext();
    if (this.committing) return;
    this.worker.unref();
    this.wakeIdle();
  }

  private stopWith(error: Error): void {
    this.failure ??= error;
    for (const delivery of [...(this.committing ?? []), ...(this.arriving ?? [])]) delivery.stored.reject(this.failure);
    this.committing = this.arriving = null;
    this.wakeIdle();
  }

  private wakeIdle(): void {
    for (const resolve of this.idle) resolve();
    this.idle.clear();
  }
}

type Arriving = ArrivingDelivery & { stored: PromiseWithResolvers<{ id: number }> };
interface WriterRequest {
  deliveries: [resourceUrl: string, resourceType: string][];
  receivedAt: number;
  removeUpTo: number | null;
}
type WriterAnswer = { ids: number[] } | { error: string };

/** The thread: one connection to the intake file, one transaction per request, answered once on disk. */
const WRITER_SCRIPT = `
const { Database } = require("bun:sqlite");
const { parentPort, workerData } = require("node:worker_threads");
const db = new Database(workerData.file, { strict: true });
// FULL: a delivery is answered once stored, and the answer is a promise that it survives a power cut too,
// which NORMAL's WAL commits do not (they survive a crash of the process only).
db.run("PRAGMA synchronous = FULL");
// Only this thread writes the file, and the server's thread only reads it: a lock held elsewhere is a mistake.
db.run("PRAGMA busy_timeout = 0");
const insert = db.query("INSERT INTO webhook_deliveries (resource_url, resource_type, received_at) VALUES (?, ?, ?)");
const remove = db.query("DELETE FROM webhook_deliveries WHERE id <= ?");
const write = db.transaction(({ deliveries, receivedAt, removeUpTo }) => {
  if (removeUpTo !== null) remove.run(removeUpTo);
  return deliveries.map(([resourceUrl, resourceType]) => Number(insert.run(resourceUrl, resourceType, receivedAt).lastInsertRowid));
});
parentPort.on("message", (request) => {
  try {
    parentPort.postMessage({ ids: write(request) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;
