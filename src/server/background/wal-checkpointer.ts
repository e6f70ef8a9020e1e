import { Worker } from "node:worker_threads";

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Copies the WAL into crm.db every second, on a thread of its own. The server's connections never do it
 * (neverWaitOnEventLoop): done at the end of a commit, after a CLI import's batch had added tens of
 * megabytes to the WAL, it would hold the event loop still for hundreds of milliseconds. A checkpoint takes
 * no lock that writers need, and PASSIVE leaves what readers still use for the next one.
 */
export function startWalCheckpointer(databaseFile: string, intervalMs = 1_000): WalCheckpointer {
  const worker = new Worker(CHECKPOINTER_SCRIPT, { eval: true, workerData: { databaseFile, intervalMs } });
  worker.unref();
  return {
    async stop() {
      await worker.terminate();
    },
  };
}

// Plain JavaScript carried as text: a compiled executable can start a worker only from code it holds.
const CHECKPOINTER_SCRIPT = `
const { Database } = require("bun:sqlite");
const { workerData } = require("node:worker_threads");
const db = new Database(workerData.databaseFile);
db.run("PRAGMA busy_timeout = 0");
setInterval(() => {
  try {
    db.run("PRAGMA wal_checkpoint(PASSIVE)");
  } catch (error) {
    if (!String(error && error.code).startsWith("SQLITE_BUSY")) console.error(new Date().toISOString() + " WAL checkpoint:", error);
  }
}, workerData.intervalMs);
`;
