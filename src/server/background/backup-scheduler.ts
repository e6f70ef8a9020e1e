import path from "node:path";
import { isScheduledBackupDue, nextScheduledHour, readBackupSchedule } from "../../core/backups/backup-schedule.ts";
import { announceBackup, listBackups, pruneScheduledBackups } from "../../core/backups/backups.ts";
import { SYSTEM } from "../../core/changes/actor.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { DomainError } from "../../core/errors.ts";
import { takeServerBackup } from "./server-backups.ts";
import { logFailure } from "../failure-log.ts";

export interface BackupScheduler {
  /** Looks now whether the daily backup is due (the schedule changed, say), and times the next look; resolves once done. */
  check(): Promise<void>;
  /** No backup begins after this; resolves once the one under way, if any, is written. */
  stop(): Promise<void>;
}

/**
 * Takes the daily backup into DATA_DIR/backups at the hour the administrators chose (New York time), then
 * deletes the daily ones beyond the newest they keep. It looks when the server starts, which makes up a day
 * the server was down at that hour, and again at each coming hour. Whether one is due is decided from the
 * clock, the last daily backup's name and the schedule alone (isScheduledBackupDue). One refused because
 * another backup was being taken is tried again a few minutes later.
 */
export function startBackupScheduler(
  db: CrmDatabase,
  dataDir: string,
  options: { log?: (line: string) => void; now?: () => Date } = {},
): BackupScheduler {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const backUpIfDue = async (): Promise<number> => {
    const schedule = readBackupSchedule(db);
    const lastScheduled = listBackups(dataDir).find((backup) => backup.kind === "scheduled");
    const at = now();
    if (isScheduledBackupDue(at, lastScheduled ? new Date(lastScheduled.createdAt) : null, schedule)) {
      try {
        const { file, bytes } = await takeServerBackup(db, dataDir, "scheduled", SYSTEM, at);
        const pruned = pruneScheduledBackups(dataDir, schedule.keep);
        for (const name of pruned) await announceBackup(db, { action: "deleted", kind: "scheduled", file: name }, SYSTEM);
        log(`${new Date().toISOString()} daily backup: ${path.basename(file)} (${(bytes / 1_048_576).toFixed(1)} MB)${pruned.length > 0 ? `; deleted the oldest: ${pruned.join(", ")}` : ""}`);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.kind === "unavailable") {
          // Abandoned because the server is stopping: the next start takes the day's backup.
          log(`${new Date().toISOString()} daily backup: abandoned as the server stops; the next start takes it`);
          return RETRY_AFTER_MS;
        }
        if (error.kind !== "conflict") throw error;
        log(`${new Date().toISOString()} daily backup: another backup is being taken; trying again in a few minutes`);
        return RETRY_AFTER_MS;
      }
    }
    // A second past the hour, so that it has surely come on this clock.
    return nextScheduledHour(now(), readBackupSchedule(db)).getTime() - now().getTime() + 1_000;
  };

  const check = () => {
    clearTimeout(timer);
    running = running.then(async () => {
      if (stopped) return;
      let waitMs = RETRY_AFTER_MS;
      try {
        waitMs = await backUpIfDue();
      } catch (error) {
        logFailure("daily backup", error);
      }
      if (!stopped) {
        clearTimeout(timer);
        timer = setTimeout(check, waitMs);
      }
    });
    return running;
  };

  // On a later turn, so that the server starts answering first.
  timer = setTimeout(check, 0);
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const RETRY_AFTER_MS = 5 * 60 * 1000;
