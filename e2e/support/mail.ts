import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ImapTestServer } from "../../src/testing/imap-server.ts";
import { exportCsv, itemRow, orderDateDaysAgo } from "../../src/testing/shipstation-csv.ts";
import { CRM_BINARY, runCrm, type RunningCrm } from "./crm-server.ts";

/** Imports one order of `customer` a month ago, with the export's `columns`, and answers the id of the account it made. */
export async function importCustomer(crm: RunningCrm, customer: string, columns: Record<string, string>): Promise<number> {
  const file = path.join(crm.dataDir, "..", "customer.csv");
  writeFileSync(file, exportCsv([itemRow("SO-1", customer, { ...columns, "Date - Order Date": orderDateDaysAgo(30) })]));
  await runCrm(crm, ["import-csv", file]);
  const database = new Database(path.join(crm.dataDir, "crm.db"), { readonly: true });
  try {
    return database.query<{ id: number }, [string]>("SELECT id FROM accounts WHERE email = ?").get(customer)!.id;
  } finally {
    database.close();
  }
}

/**
 * Reads the mailbox's INBOX and Sent with `crm mail sync`. The mailbox is the command's alone, not the
 * server's, so that a test knows when its mail is in: the server reads its own in its own time.
 */
export async function syncMailbox(crm: RunningCrm, imap: ImapTestServer, mailbox: string): Promise<void> {
  const sync = Bun.spawn([CRM_BINARY, "mail", "sync", "--data-dir", crm.dataDir], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CRM_MAIL_IMAP: imap.urlFor(mailbox, "INBOX,Sent") },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(sync.stdout).text(), new Response(sync.stderr).text(), sync.exited]);
  if (exitCode !== 0) throw new Error(`crm mail sync failed: ${stderr}${stdout}`);
}
