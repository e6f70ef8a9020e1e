/** Entry point of the server's backup thread; see takeBackupOnThread. */
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { DomainError } from "../errors.ts";
import { writeBackup } from "./backup-writer.ts";
import type { BackupJob, BackupThreadAnswer } from "./backup-thread.ts";

const job = workerData as BackupJob;
let answer: BackupThreadAnswer;
// A connection of the thread's own: the server's cannot be shared across threads. It only reads, and may
// wait for a lock as long as SQLite likes, since nothing else runs on this thread.
const database = new Database(job.databaseFile, { strict: true });
try {
  database.run("PRAGMA busy_timeout = 60000");
  answer = { outcome: writeBackup(database, job.outFile, job.appVersion, job.takenBy) };
} catch (error) {
  answer = {
    failure:
      error instanceof DomainError
        ? { message: error.message, kind: error.kind, field: error.field }
        : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  };
} finally {
  database.close();
}
parentPort!.postMessage(answer);
