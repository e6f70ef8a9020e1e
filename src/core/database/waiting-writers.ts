import type { Database } from "bun:sqlite";
import { closeSync, openSync, statSync, utimesSync } from "node:fs";

/**
 * SQLite tells the connection holding the write lock nothing of those waiting for it. A long writer in
 * another process (a CLI import, committing in batches) learns it from this file beside the database:
 * the server touches it whenever one of its requests finds the lock taken (tellWritersWaiting), and the
 * import ends its batch early when it was touched since the batch began (writerWaitingSince). Staff then
 * wait for a few milliseconds of a batch rather than the whole of it, and while nobody waits, batches
 * stay long and the import fast.
 */
export function tellWritersWaiting(sqlite: Database): void {
  const file = waitingWritersFile(sqlite);
  const now = Date.now();
  if (now - (lastTold.get(file) ?? 0) < TELL_AT_MOST_EVERY_MS) return;
  lastTold.set(file, now);
  // Set to this clock's time, not left to the file system's, which runs a few milliseconds behind.
  const touchedAt = now / 1000;
  try {
    utimesSync(file, touchedAt, touchedAt);
  } catch {
    closeSync(openSync(file, "a", 0o600));
    utimesSync(file, touchedAt, touchedAt);
  }
}

/** Whether a writer elsewhere has been waiting for the lock since `sinceMs` (a Date.now() time). */
export function writerWaitingSince(sqlite: Database, sinceMs: number): boolean {
  const touched = statSync(waitingWritersFile(sqlite), { throwIfNoEntry: false })?.mtimeMs;
  return touched !== undefined && touched >= sinceMs;
}

function waitingWritersFile(sqlite: Database): string {
  return waitingWritersFileName(sqlite.filename);
}

/** The file beside a database file (a path or a name) that tells of writers waiting for its lock. */
export function waitingWritersFileName(databaseFile: string): string {
  return `${databaseFile}-writers-waiting`;
}

/** A request tries again every few milliseconds while it waits: one touch in this time tells enough. */
const TELL_AT_MOST_EVERY_MS = 5;
const lastTold = new Map<string, number>();
