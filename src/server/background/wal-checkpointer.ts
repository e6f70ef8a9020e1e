import { Worker } from "node:worker_threads";
import { WAL_KEPT_BYTES, walBytesHeld, type Checkpointer, type CheckpointMode } from "../../core/database/wal.ts";

export interface WalCheckpointer {
  /** A checkpoint now, on the checkpointer's thread: the server's long writers keep the WAL bounded with it (wal.ts). */
  checkpoint: Checkpointer;
  stop(): Promise<void>;
}

/**
 * Copies the WAL into crm.db every second, on a thread of its own. The server's connections never do it
 * (neverWaitOnEventLoop): done at the end of a commit, after a CLI import's batch had added tens of
 * megabytes to the WAL, it would hold the event loop still for hundreds of milliseconds. A PASSIVE
 * checkpoint takes no lock that writers need and leaves what readers still use for the next one. Once it
 * has copied everything and the file is still larger than it is kept (a large import ended, and no write
 * has started it over since), it is truncated, so that an idle server never keeps gigabytes of WAL.
 */
export function startWalCheckpointer(databaseFile: string, intervalMs = 1_000): WalCheckpointer {
  const worker = new Worker(CHECKPOINTER_SCRIPT, { eval: true, workerData: { databaseFile, intervalMs, keptBytes: WAL_KEPT_BYTES } });
  worker.unref();
  const waiting = new Map<number, (framesInLog: number) => void>();
  let nextRequest = 0;
  worker.on("message", ({ id, framesInLog, pageSize }: { id: number; framesInLog: number | null; pageSize: number }) => {
    waiting.get(id)?.(walBytesHeld(framesInLog, pageSize));
    waiting.delete(id);
  });
  return {
    checkpoint(mode: CheckpointMode) {
      const id = nextRequest++;
      return new Promise<number>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, mode });
      });
    },
    async stop() {
      await worker.terminate();
      // Stopping, the server's writers are done: nothing more to hold them for.
      for (const resolve of waiting.values()) resolve(0);
      waiting.clear();
    },
  };
}

// Plain JavaScript carried as text: a compiled executable can start a worker only from code it holds.
const CHECKPOINTER_SCRIPT = `
const { Database } = require("bun:sqlite");
const { statSync } = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const db = new Database(workerData.databaseFile);
db.run("PRAGMA busy_timeout = 0");
const pageSize = db.query("PRAGMA page_size").get().page_size;
const walBytes = () => statSync(workerData.databaseFile + "-wal", { throwIfNoEntry: false })?.size ?? 0;
// The checkpoint's report: what the WAL holds, and how much of it is in the database file. Null when it failed.
function checkpoint(mode) {
  try {
    return db.query("PRAGMA wal_checkpoint(" + mode + ")").get();
  } catch (error) {
    if (!String(error && error.code).startsWith("SQLITE_BUSY")) console.error(new Date().toISOString() + " WAL checkpoint:", error);
    return null;
  }
}
setInterval(() => {
  const done = checkpoint("PASSIVE");
  if (done && done.busy === 0 && done.log === done.checkpointed && walBytes() > workerData.keptBytes) checkpoint("TRUNCATE");
}, workerData.intervalMs);
parentPort.on("message", ({ id, mode }) => {
  const done = checkpoint(mode);
  parentPort.postMessage({ id, framesInLog: done ? done.log : null, pageSize });
});
`;
