import { describe, expect, test } from "bun:test";
import { createAccount } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { listAccountEmailThreads, listUnmatchedEmailThreads, readEmailThread } from "./account-emails.ts";
import { listAccountTimeline } from "./account-timeline.ts";
import { fileThreadUnderAccount } from "./file-thread.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "./mailboxes.ts";
import { teamAddresses } from "./match-accounts.ts";
import { readReceivedMessage } from "./received-message.ts";
import { storeMessageBatch } from "./store-messages.ts";

/**
 * Threads that a later message shows to be one conversation become one thread (store-messages.ts,
 * joinThreads). The sync's IMAP side is the integration test's; here messages are stored as a batch of
 * a mailbox's folder, as the sync stores them.
 */
describe("threads joined by a later message", () => {
  const context = useDatabaseWithTeamOfTwo();
  const db = () => context.database.db;
  let uid = 0;

  interface Mail {
    id: string;
    from: string;
    to: string;
    subject: string;
    date: string;
    inReplyTo?: string;
    references?: string[];
  }

  /** Stores one message as read from `mailbox`'s INBOX (each mailbox a user of its own). */
  async function receive(mail: Mail, mailbox = "sales") {
    const [kept] = keepEnvironmentMailboxes(db(), [parseMailboxUrl("CRM_MAIL_IMAP", `imaps://${mailbox}%40riverside.test:pw@imap.riverside.test/INBOX`)]);
    const raw = [
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Date: ${new Date(mail.date).toUTCString()}`,
      `Message-ID: <${mail.id}@mail.test>`,
      ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}@mail.test>`] : []),
      ...(mail.references ? [`References: ${mail.references.map((id) => `<${id}@mail.test>`).join(" ")}`] : []),
      "",
      `About ${mail.id}.`,
      "",
    ].join("\r\n");
    const message = await readReceivedMessage(new TextEncoder().encode(raw), new Date(mail.date));
    uid++;
    storeMessageBatch(db(), { mailboxId: kept!.id, folder: "INBOX", uidValidity: 1, lastUid: uid, messages: [{ uid, message, attachmentPaths: [] }], team: teamAddresses(db()), actor: COMMAND_LINE });
  }
  const threadOf = (id: string) => context.database.sqlite.query<{ threadId: number }, [string]>("SELECT thread_id AS threadId FROM mail_messages WHERE message_id = ?").get(`<${id}@mail.test>`)!.threadId;
  const threads = () =>
    context.database.sqlite
      .query<{ id: number; subject: string; normalizedSubject: string; accountId: number | null; lastMessageAt: number; messageCount: number }, []>(
        "SELECT id, subject, normalized_subject AS normalizedSubject, account_id AS accountId, last_message_at AS lastMessageAt, message_count AS messageCount FROM mail_threads ORDER BY id",
      )
      .all();
  const joinAudit = () => context.database.sqlite.query<{ summary: string; accountId: number | null }, []>("SELECT summary, account_id AS accountId FROM audit_log WHERE action = 'merged' AND entity = 'email_thread'").all();

  test("replies read before the message they answer, in two mailboxes, join it as one thread: counted again, the emptied thread deleted", async () => {
    const acme = createAccount(db(), { name: "Acme Labs", domain: "acme-labs.test" }, COMMAND_LINE).id;
    // Pat and Lee each answered Sales' quote; their replies share no one outside the team, so until the
    // quote itself is read they are two threads. The ops mailbox is read first.
    await receive({ id: "pat-reply", from: "Pat Buyer <pat@acme-labs.test>", to: "sales@riverside.test", subject: "Re: Quote for 40 cases", date: "2026-03-03T15:00:00Z", inReplyTo: "quote" }, "ops");
    await receive({ id: "lee-reply", from: "Lee Park <lee@acme-labs.test>", to: "sales@riverside.test", subject: "RE: Quote for 40 cases", date: "2026-03-04T09:00:00Z", inReplyTo: "quote" }, "ops");
    expect(threadOf("pat-reply")).not.toBe(threadOf("lee-reply"));
    expect(listAccountEmailThreads(db(), acme).total).toBe(2);
    const [older, newer] = [threadOf("pat-reply"), threadOf("lee-reply")];

    await receive({ id: "quote", from: "sales@riverside.test", to: "pat@acme-labs.test, lee@acme-labs.test", subject: "Quote for 40 cases", date: "2026-03-02T12:00:00Z" });

    expect([threadOf("quote"), threadOf("pat-reply"), threadOf("lee-reply")]).toEqual([older, older, older]);
    // The thread now begins with the quote: its subject is the quote's, its count and last time its three messages'.
    expect(threads()).toEqual([
      { id: older, subject: "Quote for 40 cases", normalizedSubject: "quote for 40 cases", accountId: acme, lastMessageAt: Date.parse("2026-03-04T09:00:00Z"), messageCount: 3 },
    ]);
    expect(joinAudit()).toEqual([{ summary: `Joined e-mail thread ${newer} into thread ${older}`, accountId: acme }]);

    // The Emails tab: one thread, its people and latest snippet, each message once.
    const { threads: listed, total } = listAccountEmailThreads(db(), acme);
    expect(total).toBe(1);
    expect(listed[0]).toMatchObject({ id: older, subject: "Quote for 40 cases", messageCount: 3, snippet: "About lee-reply.", lastMessageAt: new Date("2026-03-04T09:00:00Z") });
    expect(listed[0]!.participants.map((person) => person.address)).toEqual(["sales@riverside.test", "pat@acme-labs.test", "lee@acme-labs.test"]);
    expect(readEmailThread(db(), older).messages.map((message) => message.subject)).toEqual(["Quote for 40 cases", "Re: Quote for 40 cases", "RE: Quote for 40 cases"]);
    // A dialog left open on the emptied thread, refreshed, shows the joined one.
    expect(readEmailThread(db(), newer).id).toBe(older);
    // The timeline: each message once, all opening the joined thread.
    const emailLines = listAccountTimeline(db(), acme).entries.filter((line) => line.emailThreadId !== null);
    expect(emailLines.map((line) => [line.summary, line.emailThreadId])).toEqual([
      ["E-mail from Lee Park: RE: Quote for 40 cases", older],
      ["E-mail from Pat Buyer: Re: Quote for 40 cases", older],
      ["E-mail to pat@acme-labs.test: Quote for 40 cases", older],
    ]);
  });

  test("a message referencing two threads joins them into the older; the older's account stays, and each account keeps the thread", async () => {
    const acme = createAccount(db(), { name: "Acme Labs", email: "pat@acme-labs.test" }, COMMAND_LINE).id;
    const orchard = createAccount(db(), { name: "Orchard" }, COMMAND_LINE).id;
    await receive({ id: "samples", from: "Pat Buyer <pat@acme-labs.test>", to: "sales@riverside.test", subject: "Samples", date: "2026-03-01T10:00:00Z" });
    // Another conversation, with someone the CRM does not know: staff file it under Orchard.
    await receive({ id: "prices", from: "lee.park@gmail.com", to: "sales@riverside.test", subject: "Price list", date: "2026-03-02T10:00:00Z" });
    const [samples, prices] = [threadOf("samples"), threadOf("prices")];
    fileThreadUnderAccount(db(), prices, orchard, COMMAND_LINE);

    await receive({ id: "both", from: "lee.park@gmail.com", to: "sales@riverside.test", subject: "Re: Price list", date: "2026-03-05T10:00:00Z", references: ["samples", "prices"] });

    expect([threadOf("samples"), threadOf("prices"), threadOf("both")]).toEqual([samples, samples, samples]);
    expect(threads()).toEqual([{ id: samples, subject: "Samples", normalizedSubject: "samples", accountId: acme, lastMessageAt: Date.parse("2026-03-05T10:00:00Z"), messageCount: 3 }]);
    expect(joinAudit()).toEqual([{ summary: `Joined e-mail thread ${prices} into thread ${samples}`, accountId: acme }]);
    // Orchard's message stays matched to it by staff: the joined thread is on both accounts' tabs, once.
    expect(listAccountEmailThreads(db(), acme).threads.map((thread) => [thread.id, thread.messageCount])).toEqual([[samples, 3]]);
    expect(listAccountEmailThreads(db(), orchard).threads.map((thread) => [thread.id, thread.messageCount])).toEqual([[samples, 3]]);
    expect(listUnmatchedEmailThreads(db()).total).toBe(0);
    const orchardLines = listAccountTimeline(db(), orchard).entries.filter((line) => line.emailThreadId !== null);
    expect(orchardLines.map((line) => line.id)).toHaveLength(3);
    expect(new Set(orchardLines.map((line) => line.emailThreadId))).toEqual(new Set([samples]));
  });

  test("a thread joined into one that is joined in turn is found by its own number, through one step", async () => {
    const pat = { from: "Pat Buyer <pat@acme-labs.test>", to: "sales@riverside.test" };
    await receive({ id: "samples", ...pat, subject: "Samples", date: "2026-03-01T10:00:00Z" });
    await receive({ id: "prices", ...pat, subject: "Price list", date: "2026-03-02T10:00:00Z" });
    await receive({ id: "invoice", ...pat, subject: "Invoice", date: "2026-03-03T10:00:00Z" });
    const [samples, prices, invoice] = [threadOf("samples"), threadOf("prices"), threadOf("invoice")];
    await receive({ id: "prices-invoice", ...pat, subject: "Re: Invoice", date: "2026-03-04T10:00:00Z", references: ["prices", "invoice"] });
    await receive({ id: "samples-prices", ...pat, subject: "Re: Price list", date: "2026-03-05T10:00:00Z", references: ["samples", "prices"] });

    expect(threads().map((thread) => thread.id)).toEqual([samples]);
    expect([samples, prices, invoice].map((id) => readEmailThread(db(), id).id)).toEqual([samples, samples, samples]);
    expect(context.database.sqlite.query("SELECT thread_id AS threadId, joined_into AS joinedInto FROM mail_thread_joins ORDER BY thread_id").all()).toEqual([
      { threadId: prices, joinedInto: samples },
      { threadId: invoice, joinedInto: samples },
    ]);
  });

  test("a reply joining one thread joins it without anything to announce", async () => {
    await receive({ id: "ask", from: "lee.park@gmail.com", to: "sales@riverside.test", subject: "Price list", date: "2026-03-02T10:00:00Z" });
    await receive({ id: "answer", from: "sales@riverside.test", to: "lee.park@gmail.com", subject: "Re: Price list", date: "2026-03-02T11:00:00Z", inReplyTo: "ask", references: ["ask"] });
    expect(threadOf("answer")).toBe(threadOf("ask"));
    expect(threads()).toHaveLength(1);
    expect(joinAudit()).toEqual([]);
  });
});
