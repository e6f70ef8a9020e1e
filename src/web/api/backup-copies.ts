import { useCallback } from "react";
import useSWR from "swr";
import type { BackupCopiesSettings, BackupCopiesTarget } from "../../contracts/backup-copies.ts";
import { apiRequest } from "./client";

export type { BackupCopiesSettings, BackupCopiesTarget };
export { DEFAULT_BACKUP_COPIES_PREFIX } from "../../contracts/backup-copies.ts";

export const BACKUP_COPIES_PATH = "/api/settings/backup-copies";

/** Where backups are copied off the machine (administrators only), with the writes that change it: each answer replaces what is shown. */
export function useBackupCopies() {
  const { data, error, mutate } = useSWR<BackupCopiesSettings>(BACKUP_COPIES_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);
  const answerWith = useCallback(
    async (method: "PUT" | "DELETE" | "POST", path: string, body?: BackupCopiesTarget) => {
      const answer = await apiRequest<BackupCopiesSettings>(method, path, body);
      await mutate(answer, { revalidate: false });
      return answer;
    },
    [mutate],
  );
  const save = useCallback((target: BackupCopiesTarget) => answerWith("PUT", BACKUP_COPIES_PATH, target), [answerWith]);
  const stop = useCallback(() => answerWith("DELETE", BACKUP_COPIES_PATH), [answerWith]);
  const testConnection = useCallback(() => answerWith("POST", `${BACKUP_COPIES_PATH}/test`), [answerWith]);
  return { settings: data, error, retry, save, stop, testConnection };
}
