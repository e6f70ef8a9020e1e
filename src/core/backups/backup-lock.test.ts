import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BACKUP_UNDER_WAY, takeBackupLock, withBackupLock } from "./backup-lock.ts";

const folder = mkdtempSync(path.join(tmpdir(), "crm-backup-lock-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

test("one backup or restore at a time: a second is refused at once, and may go once the first lets go", async () => {
  const first = takeBackupLock(folder);
  expect(() => takeBackupLock(folder)).toThrow(BACKUP_UNDER_WAY);
  await expect(withBackupLock(folder, () => "second")).rejects.toThrow(BACKUP_UNDER_WAY);
  first.release();
  expect(await withBackupLock(folder, () => "second")).toBe("second");
  // withBackupLock let go although its work failed.
  await expect(withBackupLock(folder, () => Promise.reject(new Error("the copy failed")))).rejects.toThrow("the copy failed");
  takeBackupLock(folder).release();
});
