import { useCallback } from "react";
import useSWR from "swr";
import type { Backup, BackupKind, BackupList, BackupSchedule } from "../../contracts/backups.ts";
import { apiRequest } from "./client";

export type { Backup, BackupKind, BackupSchedule };
export { BACKUP_STALE_AFTER_DAYS, KEEP_SCHEDULED_BACKUPS } from "../../contracts/backups.ts";

export const BACKUPS_PATH = "/api/admin/backups";
export const BACKUP_SCHEDULE_PATH = "/api/admin/backup-schedule";

/** A backup's address: GET downloads it (as an attachment), DELETE deletes it. */
export function backupUrl(name: string): string {
  return `${BACKUPS_PATH}/${encodeURIComponent(name)}`;
}

/**
 * The backups kept in the data directory, for admins, with the writes that take one now and delete one.
 * Asked again on each visit: the daily backup, or a command, may have added one meanwhile.
 */
export function useBackups() {
  const { data, error, mutate } = useSWR<BackupList>(BACKUPS_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);

  /** Resolves once the backup is written, checked and kept: seconds for a small database, a minute for a large one. */
  const backUpNow = useCallback(async (): Promise<Backup> => {
    const taken = await apiRequest<Backup>("POST", BACKUPS_PATH);
    await mutate();
    return taken;
  }, [mutate]);

  const remove = useCallback(
    async (name: string): Promise<void> => {
      await apiRequest("DELETE", backupUrl(name));
      await mutate();
    },
    [mutate],
  );

  return { list: data, error, retry, backUpNow, remove };
}

/** The daily backup's schedule, with the write that replaces it (admins only). */
export function useBackupSchedule() {
  const { data, error, mutate } = useSWR<BackupSchedule>(BACKUP_SCHEDULE_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);
  const save = useCallback(
    async (schedule: BackupSchedule): Promise<BackupSchedule> => {
      const saved = await apiRequest<BackupSchedule>("PUT", BACKUP_SCHEDULE_PATH, schedule);
      await mutate(saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
  return { schedule: data, error, retry, save };
}
