import { Command } from "commander";
import { formatCount } from "../../contracts/counts.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { syncAllMailboxes, type MailboxSyncResult } from "../../core/mail/sync-mailbox.ts";
import { resolveDataDir, withDatabase, withDataDir } from "../data-dir.ts";
import { createTable } from "../table.ts";

interface MailSyncFlags {
  json?: boolean;
  dataDir?: string;
}

/** `crm mail sync`: reads the mailboxes' new mail (for cron and tests); `crm serve` does it every few minutes. */
export function mailCommand(): Command {
  const mail = new Command("mail").description("e-mail from the team's IMAP mailboxes (Settings → E-mail, CRM_MAIL_IMAP, CRM_MAIL_IMAP_1…)");
  mail.addCommand(
    withDataDir(
      new Command("sync")
        .description("read the new mail of every mailbox into the accounts' e-mail history; a run stopped midway resumes where it stopped")
        .option("--json", "print only the outcome as JSON on stdout"),
    ).action((flags: MailSyncFlags) =>
      withDatabase(flags, async ({ db }) => {
        const onTerminal = process.stderr.isTTY === true && !flags.json;
        const results = await syncAllMailboxes(db, process.env, {
          dataDir: resolveDataDir(flags),
          actor: COMMAND_LINE,
          onProgress: onTerminal
            ? ({ mailbox, folder, read, total }) => {
                process.stderr.write(`\r${mailbox.name} ${folder}: ${formatCount(read)} of ${formatCount(total)} messages\u001b[K`);
              }
            : undefined,
        });
        if (onTerminal) process.stderr.write("\r\u001b[K");
        if (results.length === 0) {
          process.stderr.write("crm: no mailbox is set up: add one in Settings → E-mail or set CRM_MAIL_IMAP=imaps://user:password@host:993/INBOX,Sent\n");
          process.exitCode = 1;
          return;
        }
        process.stdout.write(flags.json ? `${JSON.stringify(results.map(summaryJson))}\n` : renderSummary(results));
        for (const { error } of results) if (error !== null) process.stderr.write(`crm: ${error}\n`);
        if (results.some((result) => result.error !== null)) process.exitCode = 1;
      }),
    ),
  );
  return mail;
}

function summaryJson({ mailbox, folders, error }: MailboxSyncResult) {
  return { mailbox: mailbox.name, folders: folders.map(({ folder, stored, alreadyKept, skipped, restarted, missing }) => ({ folder, stored, alreadyKept, skipped, restarted, missing })), error };
}

function renderSummary(results: readonly MailboxSyncResult[]): string {
  const table = createTable(["Mailbox", "Folder", "New", "Already kept", "Skipped (bulk, internal)", "Note"]);
  for (const { mailbox, folders, error } of results) {
    for (const folder of folders) {
      const note = folder.missing ? "not on the server" : folder.restarted ? "numbered anew by the server: read again" : "";
      table.push([mailbox.name, folder.folder, folder.stored, folder.alreadyKept, folder.skipped, note]);
    }
    if (error !== null) table.push([mailbox.name, "", "", "", "", "failed (see below)"]);
  }
  return `${table.toString()}\n`;
}
