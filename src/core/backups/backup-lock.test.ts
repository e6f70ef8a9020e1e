import { expect, test } from "bun:test";
import { BACKUP_UNDER_WAY, takeBackupLock, withBackupLock } from "./backup-lock.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

const folder = useTemporaryDirectory("crm-backup-lock-");

test("one backup or restore at a time: a second is refused at once, and may go once the first lets go", async () => {
  const first = takeBackupLock(folder.path);
  expect(() => takeBackupLock(folder.path)).toThrow(BACKUP_UNDER_WAY);
  await expect(withBackupLock(folder.path, () => "second")).rejects.toThrow(BACKUP_UNDER_WAY);
  first.release();
  expect(await withBackupLock(folder.path, () => "second")).toBe("second");
  // withBackupLock let go although its work failed.
  await expect(withBackupLock(folder.path, () => Promise.reject(new Error("the copy failed")))).rejects.toThrow("the copy failed");
  takeBackupLock(folder.path).release();
});
