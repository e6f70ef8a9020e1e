/**
 * bun bench/mail.ts [messages] — the mail sync against a real IMAP server (Dovecot on loopback, as the tests
 * run it): the first sync of a mailbox of 50,000 messages (time and the process's peak memory; target
 * 60 s), then an incremental sync of 100 new ones (target 2 s). The messages are a customer base's:
 * 2,000 customers at 1,500 business domains, half of them accounts, replies threaded by header and by
 * subject, a tenth bulk mail, text and HTML parts. Then the Emails tab's answer
 * (GET /api/accounts/{id}/emails) from dist/crm serve with 100,000 accounts, each with two threads of two
 * messages written straight into the database, 16 connections (target p95 20 ms).
 */
import { createAccount } from "../src/core/accounts/accounts.ts";
import { refreshSearchIndex } from "../src/core/accounts/search-index.ts";
import { LifecyclePass } from "../src/core/lifecycle/lifecycle-pass.ts";
import { COMMAND_LINE } from "../src/core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "../src/core/mail/mailboxes.ts";
import { syncMailbox } from "../src/core/mail/sync-mailbox.ts";
import { inTransaction } from "../src/core/database/transaction.ts";
import { startImapServer } from "../src/testing/imap-server.ts";
import { temporaryDatabase } from "../src/testing/temporary-database.ts";
import { startBenchServer } from "./support/crm-process.ts";
import { formatLoad, measureLoad } from "./support/load.ts";

const FIRST = Number(process.argv[2] ?? 50_000);
const NEW = 100;
const FIRST_TARGET_S = 60;
const INCREMENTAL_TARGET_S = 2;
const MAILBOX = "sales@riverside.test";
const TAB_ACCOUNTS = 100_000;
const TAB_TARGET_P95_MS = 20;

const customer = (n: number) => `buyer${n % 2_000}@farm${n % 1_500}.test`;
function message(n: number): string {
  const from = n % 10 === 9 ? `news@farm${n % 1_500}.test` : customer(n);
  const sent = new Date(Date.UTC(2024, 0, 1) + n * 900_000);
  const reply = n % 3 === 1 ? [`In-Reply-To: <m${n - 1}@bench.test>`, `References: <m${n - 1}@bench.test>`] : [];
  return [
    `From: Buyer ${n % 2_000} <${from}>`,
    `To: Riverside Sales <${MAILBOX}>`,
    `Subject: ${n % 3 === 0 ? "" : "Re: "}Order ${Math.floor(n / 3)} for ${n % 2_000}`,
    `Date: ${sent.toUTCString()}`,
    `Message-ID: <m${n}@bench.test>`,
    ...reply,
    ...(n % 10 === 9 ? ["List-Unsubscribe: <https://farm.test/unsubscribe>"] : []),
    "MIME-Version: 1.0",
    'Content-Type: multipart/alternative; boundary="alt"',
    "",
    "--alt",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Hello, about order ${n}: we would like ${n % 40} more cases delivered next week.`,
    "--alt",
    "Content-Type: text/html; charset=utf-8",
    "",
    `<p>Hello, about order <b>${n}</b>: we would like ${n % 40} more cases delivered next week.</p><img src="https://tracker.test/${n}.gif">`,
    "--alt--",
    "",
  ].join("\r\n");
}

const imap = await startImapServer();
const database = temporaryDatabase();
try {
  inTransaction(database.db, () => {
    for (let n = 0; n < 1_000; n++) createAccount(database.db, { name: `Farm ${n}`, email: customer(n * 2) }, COMMAND_LINE);
  });
  await imap.deliver(MAILBOX, Array.from({ length: FIRST }, (_, n) => message(n)));
  const [mailbox] = keepEnvironmentMailboxes(database.db, [parseMailboxUrl("CRM_MAIL_IMAP", imap.urlFor(MAILBOX, "INBOX"))]);

  let peakRss = process.memoryUsage().rss;
  const onProgress = () => void (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  let started = performance.now();
  const [first] = await syncMailbox(database.db, mailbox!, { dataDir: database.dataDir, actor: COMMAND_LINE, onProgress });
  const firstS = (performance.now() - started) / 1000;
  console.log(
    `first sync of ${FIRST.toLocaleString("en-US")} messages: ${firstS.toFixed(1)} s (${((firstS * 1000) / FIRST).toFixed(2)} ms a message; target <= ${FIRST_TARGET_S} s for 50,000 ${firstS * (50_000 / FIRST) <= FIRST_TARGET_S ? "met" : "MISSED"}), ` +
      `${first!.stored.toLocaleString("en-US")} kept, ${first!.skipped.toLocaleString("en-US")} skipped; peak memory ${Math.round(peakRss / 1_048_576)} MiB`,
  );

  await imap.deliver(MAILBOX, Array.from({ length: NEW }, (_, n) => message(FIRST + n)));
  started = performance.now();
  const [incremental] = await syncMailbox(database.db, mailbox!, { dataDir: database.dataDir, actor: COMMAND_LINE });
  const incrementalS = (performance.now() - started) / 1000;
  console.log(`incremental sync of ${NEW} new messages: ${incrementalS.toFixed(2)} s (target <= ${INCREMENTAL_TARGET_S} s ${incrementalS <= INCREMENTAL_TARGET_S ? "met" : "MISSED"}), ${incremental!.stored + incremental!.skipped} read`);

  const firstTabAccount = writeTabAccounts(database.sqlite, mailbox!.id);
  // As a server that has run a while leaves them: the accounts searchable and in their lists, so that the
  // measurement is of the answers, not of the background work new accounts bring.
  while (refreshSearchIndex(database.sqlite, 20_000) > 0);
  new LifecyclePass(database.db).runToEnd();
  database.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  database.sqlite.run("ANALYZE");
  const server = await startBenchServer(database.dataDir);
  try {
    const result = await measureLoad(`Emails tab at ${TAB_ACCOUNTS.toLocaleString("en-US")} accounts`, (index) =>
      new Request(`${server.url}/api/accounts/${firstTabAccount + ((index * 7_919) % TAB_ACCOUNTS)}/emails`, { headers: { cookie: server.cookie } }),
    );
    console.log(formatLoad(result, TAB_TARGET_P95_MS));
    // Beside it, the same accounts' Activity tab, an answer of like size: what this machine gives right now.
    const activity = await measureLoad(`beside it, the Activity tab of the same accounts`, (index) =>
      new Request(`${server.url}/api/accounts/${firstTabAccount + ((index * 7_919) % TAB_ACCOUNTS)}/activity?limit=25`, { headers: { cookie: server.cookie } }),
    );
    console.log(formatLoad(activity));
  } finally {
    await server.stop();
  }
} finally {
  database.dispose();
  await imap.dispose();
}

/**
 * 100,000 more accounts, each with two threads of two messages (the customer's and the answer), written as
 * the sync writes them, in one transaction. Answers the first account's id.
 */
function writeTabAccounts(sqlite: import("bun:sqlite").Database, mailboxId: number): number {
  const now = Date.now();
  let first = 0;
  sqlite.transaction(() => {
    const account = sqlite.query<{ id: number }, [string, string, number]>("INSERT INTO accounts (name, email, created_at, updated_at) VALUES (?1, ?2, ?3, ?3) RETURNING id");
    const thread = sqlite.query<{ id: number }, [string, string, number, number]>("INSERT INTO mail_threads (subject, normalized_subject, account_id, last_message_at, message_count) VALUES (?1, ?2, ?3, ?4, 2) RETURNING id");
    const message = sqlite.query<{ id: number }, [string, number, string, string, number, string]>(
      "INSERT INTO mail_messages (message_id, thread_id, subject, from_address, sent_at, text, snippet, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?5) RETURNING id",
    );
    const participant = sqlite.query("INSERT INTO mail_participants (message_id, role, address, name) VALUES (?, ?, ?, ?)");
    const held = sqlite.query("INSERT INTO mail_message_mailboxes (message_id, mailbox_id, folder, uid) VALUES (?, ?, 'INBOX', ?)");
    const matched = sqlite.query("INSERT INTO mail_message_accounts (message_id, account_id, matched_by) VALUES (?, ?, 'account')");
    let uid = 1_000_000;
    for (let n = 0; n < TAB_ACCOUNTS; n++) {
      const email = `tab${n}@customer${n}.test`;
      const accountId = account.get(`Customer ${n}`, email, now)!.id;
      if (n === 0) first = accountId;
      for (let t = 0; t < 2; t++) {
        const sentAt = now - (n % 700) * 86_400_000 - t * 30 * 86_400_000;
        const threadId = thread.get(`Order ${n}-${t}`, `order ${n}-${t}`, accountId, sentAt + 3_600_000)!.id;
        for (let m = 0; m < 2; m++) {
          const from = m === 0 ? email : MAILBOX;
          const id = message.get(`<tab${n}-${t}-${m}@bench.test>`, threadId, `${m === 0 ? "" : "Re: "}Order ${n}-${t}`, from, sentAt + m * 3_600_000, `About order ${n}, part ${m}.`)!.id;
          participant.run(id, "from", from, "");
          participant.run(id, "to", m === 0 ? MAILBOX : email, "");
          held.run(id, mailboxId, uid++);
          matched.run(id, accountId);
        }
      }
    }
  })();
  return first;
}
