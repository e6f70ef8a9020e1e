import { describe, expect, test } from "bun:test";
import { createAccount } from "../accounts/accounts.ts";
import { getAccountDetail } from "../accounts/account-detail.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { listAccountEmailThreads, listUnmatchedEmailThreads } from "./account-emails.ts";
import { listAccountTimeline } from "./account-timeline.ts";
import { fileThreadUnderAccount } from "./file-thread.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "./mailboxes.ts";
import { teamAddresses } from "./match-accounts.ts";
import { readReceivedMessage } from "./received-message.ts";
import { storeMessageBatch } from "./store-messages.ts";

describe("a thread filed by staff", () => {
  const context = useDatabaseWithTeamOfTwo();
  const db = () => context.database.db;

  async function receive(sender: string, subject: string, date: string) {
    const [mailbox] = keepEnvironmentMailboxes(db(), [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://sales%40riverside.test:pw@imap.riverside.test/INBOX")]);
    const raw = [`From: ${sender}`, "To: sales@riverside.test", `Subject: ${subject}`, `Date: ${new Date(date).toUTCString()}`, `Message-ID: <${subject.replaceAll(" ", "-")}@mail.test>`, "", "Hello.", ""].join("\r\n");
    const message = await readReceivedMessage(new TextEncoder().encode(raw), new Date(date));
    storeMessageBatch(db(), { mailboxId: mailbox!.id, folder: "INBOX", uidValidity: 1, lastUid: 1, messages: [{ uid: 1, message, attachmentPaths: [] }], team: teamAddresses(db()), actor: COMMAND_LINE });
  }
  const matchesOf = (threadId: number) =>
    context.database.sqlite
      .query<{ accountId: number; matchedBy: string }, [number]>("SELECT a.account_id AS accountId, a.matched_by AS matchedBy FROM mail_message_accounts a JOIN mail_messages m ON m.id = a.message_id WHERE m.thread_id = ? ORDER BY a.account_id")
      .all(threadId);

  test("leaves the unmatched threads for its account's: its Emails tab, timeline and Last E-mailed; moved on, it keeps the first account's matches", async () => {
    const acme = createAccount(db(), { name: "Acme Labs", email: "pat@acme-labs.test" }, COMMAND_LINE).id;
    const orchard = createAccount(db(), { name: "Orchard" }, COMMAND_LINE).id;
    await receive("lee.park@gmail.com", "Price list", "2026-03-04T16:30:00Z");
    expect(getAccountDetail(db(), acme).lastEmailedAt).toBeNull();
    const [thread] = listUnmatchedEmailThreads(db()).threads;
    expect(listUnmatchedEmailThreads(db()).total).toBe(1);

    fileThreadUnderAccount(db(), thread!.id, acme, COMMAND_LINE);
    expect(listUnmatchedEmailThreads(db())).toEqual({ threads: [], total: 0 });
    expect(listAccountEmailThreads(db(), acme).threads.map((each) => each.id)).toEqual([thread!.id]);
    expect(getAccountDetail(db(), acme).lastEmailedAt).toEqual(new Date("2026-03-04T16:30:00Z"));
    // After the account's own line, added now.
    expect(listAccountTimeline(db(), acme).entries[1]).toMatchObject({ kind: "email_received", summary: "E-mail from lee.park@gmail.com: Price list", emailThreadId: thread!.id });
    expect(matchesOf(thread!.id)).toEqual([{ accountId: acme, matchedBy: "staff" }]);

    fileThreadUnderAccount(db(), thread!.id, orchard, COMMAND_LINE);
    expect(listAccountEmailThreads(db(), orchard).total).toBe(1);
    // Still Acme's too: its message was matched to Acme, and a message may concern several accounts.
    expect(listAccountEmailThreads(db(), acme).total).toBe(1);
    expect(matchesOf(thread!.id)).toEqual([
      { accountId: acme, matchedBy: "staff" },
      { accountId: orchard, matchedBy: "staff" },
    ]);
    const audit = context.database.sqlite.query<{ summary: string; changes: string }, []>("SELECT summary, changes FROM audit_log WHERE entity = 'email_thread' ORDER BY id").all();
    expect(audit.map((entry) => ({ summary: entry.summary, changes: JSON.parse(entry.changes) }))).toEqual([
      { summary: `Filed e-mail thread ${thread!.id} under Acme Labs`, changes: [{ field: "account", old: null, new: "Acme Labs" }] },
      { summary: `Filed e-mail thread ${thread!.id} under Orchard`, changes: [{ field: "account", old: "Acme Labs", new: "Orchard" }] },
    ]);
  });

  test("refuses a thread or an account that does not exist, changing nothing", async () => {
    const acme = createAccount(db(), { name: "Acme Labs" }, COMMAND_LINE).id;
    await receive("lee.park@gmail.com", "Price list", "2026-03-04T16:30:00Z");
    const [thread] = listUnmatchedEmailThreads(db()).threads;
    expect(() => fileThreadUnderAccount(db(), 999_999, acme, COMMAND_LINE)).toThrow("E-mail thread not found");
    expect(() => fileThreadUnderAccount(db(), thread!.id, 999_999, COMMAND_LINE)).toThrow("accountId names no account");
    expect(listUnmatchedEmailThreads(db()).total).toBe(1);
  });
});
