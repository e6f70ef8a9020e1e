import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { isDatabaseBusy } from "../database/busy.ts";
import { conflict } from "../errors.ts";

/** What a second backup, or a restore beside a backup, is told. */
export const BACKUP_UNDER_WAY = "A backup is already being taken";

const LOCK_FILE_NAME = ".lock";

export interface BackupLock {
  release(): void;
}

/**
 * The one lock a data directory's backups and restores take, so that two never overlap, in one process or
 * across processes (a `crm backup` beside the server's daily one). It is the write lock of a small SQLite
 * file in DATA_DIR/backups, held by an open transaction: SQLite already locks a file between the
 * connections of one process and between processes, and the operating system lets go of it when its
 * process dies however it dies, so a killed backup leaves no stale lock behind to detect by pid (which a
 * new process may have been given since). A file of its own rather than crm.db, whose write lock every
 * writer needs. Refused at once, never waited for: whoever asked is told a backup is under way.
 * `wait` is for the one caller that cannot be told so: opening a database to upgrade it, which waits for a
 * backup in progress to end rather than migrate under it.
 */
export function takeBackupLock(backupsDirectory: string, options: { waitMs?: number } = {}): BackupLock {
  mkdirSync(backupsDirectory, { recursive: true, mode: 0o700 });
  const lock = new Database(path.join(backupsDirectory, LOCK_FILE_NAME), { create: true });
  try {
    lock.run(`PRAGMA busy_timeout = ${options.waitMs ?? 0}`);
    lock.run("BEGIN IMMEDIATE");
  } catch (error) {
    lock.close();
    if (isDatabaseBusy(error)) throw conflict(BACKUP_UNDER_WAY);
    throw error;
  }
  return {
    release() {
      lock.run("ROLLBACK");
      lock.close();
    },
  };
}

/** Runs `work` holding the lock, and lets go of it however `work` ends. */
export async function withBackupLock<T>(backupsDirectory: string, work: () => T | Promise<T>): Promise<T> {
  const lock = takeBackupLock(backupsDirectory);
  try {
    return await work();
  } finally {
    lock.release();
  }
}
