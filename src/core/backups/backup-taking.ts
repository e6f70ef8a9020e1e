import type { Database } from "bun:sqlite";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { SYSTEM, type Actor } from "../changes/actor.ts";
import { timedFileName } from "../database/open.ts";
import type { BackupKind } from "../../contracts/backups.ts";
import { takeBackupLock } from "./backup-lock.ts";
import { WORK_FOLDER_PREFIX, writeBackup, type BackupOutcome } from "./backup-writer.ts";

/**
 * Taking a backup into a data directory, holding its backup lock: by a command (crm backup), and by the
 * process opening a database to upgrade it. The server takes its own on a thread (backup-thread.ts).
 */

export const BACKUPS_DIRECTORY = "backups";

/** Where a data directory's backups are kept: DATA_DIR/backups. */
export function backupsDirectory(dataDir: string): string {
  return path.join(dataDir, BACKUPS_DIRECTORY);
}

/**
 * Where a backup goes when told nowhere else: DATA_DIR/backups/crm-<kind>-2026-11-28T23-59-00Z.db.gz, with
 * '-2', '-3'… before the extension when another backup was taken in the same second (BACKUP_NAME_PATTERN).
 */
export function defaultBackupFile(dataDir: string, kind: BackupKind, at = new Date()): string {
  return timedFileName(backupsDirectory(dataDir), `crm-${kind}`, ".db.gz", at);
}

/**
 * Takes a backup of the open database into `outFile`, checked and compressed, holding the data directory's
 * backup lock (refused while another backup or a restore runs); answers what it holds. Synchronous: a
 * command's thread, or the server's backup thread through BackupThread, has nothing else to do meanwhile.
 */
export function takeBackup(sqlite: Database, dataDir: string, outFile: string, appVersion: string, takenBy: Actor): BackupOutcome {
  const lock = takeBackupLock(backupsDirectory(dataDir));
  try {
    removeLeftovers(dataDir);
    return writeBackup(sqlite, outFile, appVersion, takenBy);
  } finally {
    lock.release();
  }
}

/**
 * Removes the work folders of backups killed midway. Called holding the backup lock: no backup of this data
 * directory is running, so every such folder in DATA_DIR/backups was left by one that died.
 */
export function removeLeftovers(dataDir: string): void {
  const folder = backupsDirectory(dataDir);
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    if (name.startsWith(WORK_FOLDER_PREFIX)) rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/** How long opening a database to upgrade it waits for a backup under way to end: far longer than one takes. */
const UPGRADE_WAITS_FOR_BACKUP_MS = 10 * 60 * 1000;

/**
 * Keeps the database as it is before an upgrade's migrations change it: a `before-upgrade` backup in
 * DATA_DIR/backups, taken by the process opening it (startup/open-crm-database.ts), synchronously, since
 * opening is. A backup under way is waited for rather than refused: the upgrade cannot go without this one.
 */
export function backUpBeforeUpgrade(sqlite: Database, dataDir: string, appVersion: string): BackupOutcome {
  const lock = takeBackupLock(backupsDirectory(dataDir), { waitMs: UPGRADE_WAITS_FOR_BACKUP_MS });
  try {
    removeLeftovers(dataDir);
    return writeBackup(sqlite, defaultBackupFile(dataDir, "before-upgrade"), appVersion, SYSTEM);
  } finally {
    lock.release();
  }
}
