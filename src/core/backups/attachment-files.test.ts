import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { COMMAND_LINE, SYSTEM } from "../changes/actor.ts";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "../mail/mailboxes.ts";
import { MAIL_ATTACHMENTS_DIRECTORY } from "../mail/store-messages.ts";
import { keepReceivedMessage, messageWithAttachments } from "../../testing/mail-messages.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import { takeBackupOnThread } from "./backup-thread.ts";
import { defaultBackupFile, takeBackup } from "./backup-taking.ts";
import { restoreBackup } from "./backups.ts";

/**
 * A backup holds the e-mail attachments' files its rows point to (they live in DATA_DIR/mail-attachments,
 * outside crm.db), and a restore into an empty directory puts each back where mail_attachments points.
 */
describe("e-mail attachments' files in backups", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let elsewhere: TemporaryDirectory;
  beforeEach(() => {
    database = temporaryDatabase();
    elsewhere = temporaryDirectory("crm-restored-");
  });
  afterEach(() => {
    database.dispose();
    elsewhere.dispose();
  });

  /** Stores a message with one attachment as the sync does: its file first, then its rows. Answers the file's stored path. */
  async function receiveAttachment(id: string, filename: string, content: string): Promise<string> {
    const [mailbox] = keepEnvironmentMailboxes(database.db, [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://sales%40riverside.test:pw@imap.riverside.test/INBOX")]);
    const uid = Number(database.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM mail_messages").get()!.n) + 1;
    const raw = messageWithAttachments(id, [{ filename, type: "text/csv", content }]);
    const [stored] = await keepReceivedMessage(database.db, database.dataDir, { mailboxId: mailbox!.id, uid, raw });
    return stored!;
  }

  function restoredAttachments(): { filename: string; storedPath: string | null }[] {
    const restored = new Database(path.join(elsewhere.path, DATABASE_FILE_NAME), { readonly: true });
    try {
      expect(restored.query("SELECT name FROM sqlite_master WHERE name = 'backup_attachment_files'").all()).toEqual([]);
      return restored.query<{ filename: string; storedPath: string | null }, []>("SELECT filename, stored_path AS storedPath FROM mail_attachments ORDER BY id").all();
    } finally {
      restored.close();
    }
  }

  test("crm backup holds them, and a restore into an empty directory puts each where mail_attachments points; one removed by hand is listed without its file", async () => {
    const results = await receiveAttachment("results", "results.csv", "lot,result\n42,pass\n");
    const removed = await receiveAttachment("invoice", "invoice.csv", "invoice,total\n7,120.00\n");
    rmSync(path.join(database.dataDir, removed));

    const outcome = takeBackup(database.sqlite, database.dataDir, defaultBackupFile(database.dataDir, "manual"), "test", COMMAND_LINE);
    expect(outcome.manifest.attachmentFiles).toEqual({ kept: 1, missing: 1 });

    const { attachmentFiles } = await restoreBackup(elsewhere.path, outcome.file, "test", COMMAND_LINE);
    expect(attachmentFiles).toEqual({ restored: 1, missing: 1 });
    expect(restoredAttachments()).toEqual([
      { filename: "results.csv", storedPath: results },
      // Honest rather than pointing at nothing: kept without its file, as one over the size cap is.
      { filename: "invoice.csv", storedPath: null },
    ]);
    const file = path.join(elsewhere.path, results);
    expect(readFileSync(file, "utf8")).toBe("lot,result\n42,pass\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(elsewhere.path, MAIL_ATTACHMENTS_DIRECTORY)).mode & 0o777).toBe(0o700);
  });

  test("the server's backups (on their thread: daily, Back up now) hold them too", async () => {
    const results = await receiveAttachment("results", "results.csv", "lot,result\n42,pass\n");
    const outcome = await takeBackupOnThread(database.dataDir, {
      databaseFile: database.sqlite.filename,
      outFile: defaultBackupFile(database.dataDir, "scheduled"),
      appVersion: "test",
      takenBy: SYSTEM,
    });
    expect(outcome.manifest.attachmentFiles).toEqual({ kept: 1, missing: 0 });

    await restoreBackup(elsewhere.path, outcome.file, "test", COMMAND_LINE);
    expect(restoredAttachments()).toEqual([{ filename: "results.csv", storedPath: results }]);
    expect(readFileSync(path.join(elsewhere.path, results), "utf8")).toBe("lot,result\n42,pass\n");
  });
});
