import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import { copyBackupOffMachine } from "../../core/backups/backup-copies.ts";
import { takeBackupOnThread } from "../../core/backups/backup-thread.ts";
import { announceBackup } from "../../core/backups/backups.ts";
import { defaultBackupFile } from "../../core/backups/backup-taking.ts";
import type { BackupOutcome } from "../../core/backups/backup-writer.ts";
import type { Actor } from "../../core/changes/actor.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import type { BackupKind } from "../../contracts/backups.ts";

/**
 * A backup the running server takes into DATA_DIR/backups: on the backup thread, so that requests are
 * answered meanwhile; refused (409) while another backup or a restore of the data directory runs. It is
 * then copied off the machine when administrators set that up, after the caller has its answer: the copy's
 * outcome shows on the Off-site copies card.
 */
export async function takeServerBackup(db: CrmDatabase, dataDir: string, kind: BackupKind, takenBy: Actor, at = new Date()): Promise<BackupOutcome> {
  const outcome = await takeBackupOnThread(dataDir, {
    databaseFile: db.$client.filename,
    outFile: defaultBackupFile(dataDir, kind, at),
    appVersion: packageJson.version,
    takenBy,
  });
  await announceBackup(db, { action: "taken", kind, file: path.basename(outcome.file) }, takenBy);
  void copyBackupOffMachine(db, dataDir, outcome.file);
  return outcome;
}
