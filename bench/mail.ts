/**
 * bun bench/mail.ts [messages] — the mail sync against a real IMAP server (Dovecot on loopback, as the tests
 * run it): the first sync of a mailbox of 50,000 messages (time and the process's peak memory; target
 * 60 s), then an incremental sync of 100 new ones (target 2 s). The messages are a customer base's:
 * 2,000 customers at 1,500 business domains, half of them accounts, replies threaded by header and by
 * subject, a tenth bulk mail, text and HTML parts.
 */
import { createAccount } from "../src/core/accounts/accounts.ts";
import { COMMAND_LINE } from "../src/core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "../src/core/mail/mailboxes.ts";
import { syncMailbox } from "../src/core/mail/sync-mailbox.ts";
import { inTransaction } from "../src/core/database/transaction.ts";
import { startImapServer } from "../src/testing/imap-server.ts";
import { temporaryDatabase } from "../src/testing/temporary-database.ts";

const FIRST = Number(process.argv[2] ?? 50_000);
const NEW = 100;
const FIRST_TARGET_S = 60;
const INCREMENTAL_TARGET_S = 2;
const MAILBOX = "sales@riverside.test";

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
} finally {
  database.dispose();
  await imap.dispose();
}
