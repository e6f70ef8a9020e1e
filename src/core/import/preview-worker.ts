/** Entry point of the server's preview thread; see previewCsvImportOnThread. */
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { DomainError } from "../errors.ts";
import { followEveryChange } from "../startup/change-followers.ts";
import { previewOnCopy } from "./csv-import-preview.ts";
import type { PreviewJob, PreviewThreadAnswer } from "./preview-thread.ts";

const job = workerData as PreviewJob;
// Every write announces its change to the followers (change-feed.ts), a dry run's too: this thread has
// its own copy of the feed, which must have them, as the process that opened the database has.
followEveryChange();
let answer: PreviewThreadAnswer;
try {
  // A connection of the thread's own: the server's cannot be shared across threads. It only reads (the
  // copy), and may wait as long as SQLite likes, since nothing else runs on this thread.
  const source = new Database(job.databaseFile, { strict: true });
  try {
    source.run("PRAGMA busy_timeout = 60000");
    answer = { preview: previewOnCopy(source, job.copyDir, job.files) };
  } finally {
    source.close();
  }
} catch (error) {
  answer = {
    failure:
      error instanceof DomainError
        ? { message: error.message, kind: error.kind, field: error.field }
        : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  };
}
parentPort!.postMessage(answer);
