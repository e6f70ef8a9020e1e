import type { Database } from "bun:sqlite";

/**
 * Whether any other connection has the database open: a server, another command, a sqlite3 shell. In WAL
 * mode every connection that has read the database holds a shared lock on its file for as long as it stays
 * open, so a connection can take the file's exclusive lock only when it is the only one. This one tries,
 * without waiting, in SQLite's exclusive locking mode, and goes back to normal locking at once (the next
 * read gives the lock up). Must be called outside a transaction.
 *
 * Asked rather than guessed from a heartbeat: it sees every process, whether or not it is a server, and
 * the moment it opens the database.
 */
export function isDatabaseOpenElsewhere(sqlite: Database): boolean {
  const { timeout } = sqlite.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()!;
  sqlite.run("PRAGMA busy_timeout = 0");
  sqlite.run("PRAGMA locking_mode = EXCLUSIVE");
  try {
    sqlite.run("BEGIN EXCLUSIVE");
    sqlite.run("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    return true;
  } finally {
    sqlite.run("PRAGMA locking_mode = NORMAL");
    sqlite.query("SELECT 1 FROM sqlite_master LIMIT 1").get();
    sqlite.run(`PRAGMA busy_timeout = ${timeout}`);
  }
}
