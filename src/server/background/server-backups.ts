import packageJson from "../../../package.json" with { type: "json" };
import { takeBackupOnThread } from "../../core/backups/backup-thread.ts";
import { defaultBackupFile } from "../../core/backups/backup-taking.ts";
import type { BackupOutcome } from "../../core/backups/backup-writer.ts";
import type { Actor } from "../../core/changes/actor.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import type { BackupKind } from "../../contracts/backups.ts";

/**
 * A backup the running server takes into DATA_DIR/backups: on the backup thread, so that requests are
 * answered meanwhile; refused (409) while another backup or a restore of the data directory runs.
 */
export function takeServerBackup(db: CrmDatabase, dataDir: string, kind: BackupKind, takenBy: Actor, at = new Date()): Promise<BackupOutcome> {
  return takeBackupOnThread(dataDir, {
    databaseFile: db.$client.filename,
    outFile: defaultBackupFile(dataDir, kind, at),
    appVersion: packageJson.version,
    takenBy,
  });
}
