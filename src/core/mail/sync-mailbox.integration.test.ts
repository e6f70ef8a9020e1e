import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAccount } from "../accounts/accounts.ts";
import { addAliases } from "../account-basics/aliases.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { accounts, mailAttachments, mailboxes, mailMessageAccounts, mailMessageMailboxes, mailMessages, mailThreads } from "../database/schema.ts";
import { startImapServer, type ImapTestServer } from "../../testing/imap-server.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl, type Mailbox } from "./mailboxes.ts";
import { MailSyncError, syncMailbox, type MailSyncOptions } from "./sync-mailbox.ts";
import { messageWithAttachments } from "../../testing/mail-messages.ts";

/**
 * The sync against a real IMAP server: Debian's Dovecot on loopback (testing/imap-server.ts), with mail put
 * in by IMAP APPEND as a mail client would. Each test has its own mailbox user and database.
 */
let server: ImapTestServer;
let nextUser = 0;
const context = useDatabaseWithTeamOfTwo();

beforeAll(async () => {
  server = await startImapServer();
});
afterAll(async () => {
  await server.dispose();
});

/** A new mailbox user on the server, and the CRM's mailbox reading it (INBOX and Sent, as by default). */
function newMailbox(folders = "INBOX,Sent"): { user: string; mailbox: Mailbox } {
  const user = `sales${++nextUser}@riverside.test`;
  const [mailbox] = keepEnvironmentMailboxes(context.database.db, [parseMailboxUrl("CRM_MAIL_IMAP", server.urlFor(user, folders))]);
  return { user, mailbox: mailbox! };
}

interface Mail {
  id: string;
  from?: string;
  to?: string;
  cc?: string;
  subject?: string;
  date?: string;
  inReplyTo?: string;
  references?: string;
  headers?: string[];
  text?: string;
  html?: string;
}

function rawMail(mail: Mail): string {
  const lines = [
    `From: ${mail.from ?? "Pat Buyer <pat@acme-labs.test>"}`,
    `To: ${mail.to ?? "sales@riverside.test"}`,
    ...(mail.cc ? [`Cc: ${mail.cc}`] : []),
    `Subject: ${mail.subject ?? `Order ${mail.id}`}`,
    `Date: ${new Date(mail.date ?? "2026-03-02T15:00:00Z").toUTCString()}`,
    `Message-ID: <${mail.id}@mail.test>`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}@mail.test>`] : []),
    ...(mail.references ? [`References: ${mail.references}`] : []),
    ...(mail.headers ?? []),
    "MIME-Version: 1.0",
  ];
  if (mail.html !== undefined) return [...lines, "Content-Type: text/html; charset=utf-8", "", mail.html, ""].join("\r\n");
  return [...lines, "Content-Type: text/plain; charset=utf-8", "", mail.text ?? `About order ${mail.id}.`, ""].join("\r\n");
}

async function put(user: string, mails: Mail[], folder = "INBOX"): Promise<void> {
  for (const mail of mails) await server.append(user, rawMail(mail), folder);
}

function sync(mailbox: Mailbox, options: Partial<MailSyncOptions> = {}) {
  return syncMailbox(context.database.db, mailbox, { dataDir: context.database.dataDir, actor: COMMAND_LINE, ...options });
}

const db = () => context.database.db;
const storedIds = () => db().select({ messageId: mailMessages.messageId }).from(mailMessages).orderBy(mailMessages.id).all().map((row) => row.messageId);
const messageRow = (id: string) => db().select().from(mailMessages).where(eq(mailMessages.messageId, `<${id}@mail.test>`)).get()!;
const threadOf = (id: string) => messageRow(id).threadId;
const accountsOf = (id: string) =>
  db()
    .select({ accountId: mailMessageAccounts.accountId, matchedBy: mailMessageAccounts.matchedBy })
    .from(mailMessageAccounts)
    .where(eq(mailMessageAccounts.messageId, messageRow(id).id))
    .all();

describe("reading a mailbox", () => {
  test("the first sync stores every message of INBOX and Sent; the next stores only the new ones", async () => {
    const { user, mailbox } = newMailbox();
    await put(user, [{ id: "a1" }, { id: "a2" }]);
    await put(user, [{ id: "a3", from: "sales@riverside.test", to: "pat@acme-labs.test" }], "Sent");

    const first = await sync(mailbox);
    expect(first.map(({ folder, stored, alreadyKept }) => ({ folder, stored, alreadyKept }))).toEqual([
      { folder: "INBOX", stored: 2, alreadyKept: 0 },
      { folder: "Sent", stored: 1, alreadyKept: 0 },
    ]);
    expect(storedIds()).toEqual(["<a1@mail.test>", "<a2@mail.test>", "<a3@mail.test>"]);

    await put(user, [{ id: "a4" }]);
    const second = await sync(mailbox);
    expect(second.map(({ folder, stored, alreadyKept }) => ({ folder, stored, alreadyKept }))).toEqual([
      { folder: "INBOX", stored: 1, alreadyKept: 0 },
      { folder: "Sent", stored: 0, alreadyKept: 0 },
    ]);
    expect(storedIds()).toHaveLength(4);
    expect(db().select().from(mailboxes).where(eq(mailboxes.id, mailbox.id)).get()!.lastError).toBeNull();
  });

  test("a folder the server does not have is reported and skipped", async () => {
    const { user, mailbox } = newMailbox("INBOX,Archive");
    await put(user, [{ id: "m1" }]);
    const summary = await sync(mailbox);
    expect(summary.map(({ folder, missing }) => ({ folder, missing }))).toEqual([
      { folder: "INBOX", missing: false },
      { folder: "Archive", missing: true },
    ]);
  });

  test("a folder numbered anew (another UIDVALIDITY) is read again from the start without storing anything twice", async () => {
    const { user, mailbox } = newMailbox("Orders");
    await put(user, [{ id: "u1" }, { id: "u2" }], "Orders");
    await sync(mailbox);
    const before = await server.uidValidity(user, "Orders");

    await server.recreateFolder(user, "Orders");
    expect(await server.uidValidity(user, "Orders")).not.toBe(before);
    await put(user, [{ id: "u2" }, { id: "u1" }, { id: "u3" }], "Orders");
    const [summary] = await sync(mailbox);

    expect(summary).toMatchObject({ restarted: true, stored: 1, alreadyKept: 2 });
    expect(storedIds()).toEqual(["<u1@mail.test>", "<u2@mail.test>", "<u3@mail.test>"]);
    // The folder's links follow the server's new numbering.
    const links = db().select({ uid: mailMessageMailboxes.uid }).from(mailMessageMailboxes).where(eq(mailMessageMailboxes.mailboxId, mailbox.id)).all();
    expect(links.map((link) => link.uid).sort()).toEqual([1, 2, 3]);
  });

  test("a sync whose server goes away midway keeps the batches stored, and the next resumes storing each message once", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    await put(user, [1, 2, 3, 4, 5].map((n) => ({ id: `k${n}` })));
    const progress: number[] = [];

    const stopped = sync(mailbox, {
      batchSize: 2,
      async onProgress({ read }) {
        progress.push(read);
        if (read === 2) await server.stop();
      },
    });
    await expect(stopped).rejects.toBeInstanceOf(MailSyncError);
    await server.start();
    // The next batch is fetched while one is stored: one fetched before the server went away is kept too.
    const kept = progress.at(-1)!;
    expect(progress[0]).toBe(2);
    expect(kept).toBeLessThan(5);
    expect(storedIds()).toEqual([1, 2, 3, 4, 5].slice(0, kept).map((n) => `<k${n}@mail.test>`));
    expect(db().select().from(mailboxes).where(eq(mailboxes.id, mailbox.id)).get()!.lastError).toStartWith(`Reading ${mailbox.name} stopped`);

    const [summary] = await sync(mailbox, { batchSize: 2 });
    expect(summary).toMatchObject({ stored: 5 - kept, alreadyKept: 0 });
    expect(storedIds()).toEqual([1, 2, 3, 4, 5].map((n) => `<k${n}@mail.test>`));
    expect(db().select().from(mailboxes).where(eq(mailboxes.id, mailbox.id)).get()!.lastError).toBeNull();
  });

  test("the same message in two mailboxes is one message, held by both", async () => {
    const first = newMailbox("INBOX");
    const second = newMailbox("INBOX");
    await put(first.user, [{ id: "shared", to: "sales@riverside.test, ops@riverside.test" }]);
    await put(second.user, [{ id: "shared", to: "sales@riverside.test, ops@riverside.test" }]);

    await sync(first.mailbox);
    const [summary] = await sync(second.mailbox);

    expect(summary).toMatchObject({ stored: 0, alreadyKept: 1 });
    expect(storedIds()).toEqual(["<shared@mail.test>"]);
    const holders = db().select({ mailboxId: mailMessageMailboxes.mailboxId }).from(mailMessageMailboxes).all();
    expect(holders.map((holder) => holder.mailboxId).sort()).toEqual([first.mailbox.id, second.mailbox.id].sort());
  });

  test("a refused sign-in fails with one clear message, recorded on the mailbox", async () => {
    // A server of its own: Dovecot makes every later sign-in from the same address wait after a refusal.
    const refusing = await startImapServer();
    try {
      const [mailbox] = keepEnvironmentMailboxes(db(), [parseMailboxUrl("CRM_MAIL_IMAP", refusing.urlFor("sales@riverside.test").replace(`:${refusing.password}@`, ":not-the-password@"))]);
      await expect(sync(mailbox!)).rejects.toThrow(`The mail server refused the sign-in of sales@riverside.test on 127.0.0.1:${refusing.port}: check the user and password`);
      expect(db().select().from(mailboxes).where(eq(mailboxes.id, mailbox!.id)).get()!.lastError).toContain("refused the sign-in");
    } finally {
      await refusing.dispose();
    }
  });
});

describe("threads", () => {
  test("a reply joins its conversation by In-Reply-To, and by References alone", async () => {
    const { user, mailbox } = newMailbox();
    await put(user, [{ id: "t1", subject: "Quote for 40 cases" }]);
    await put(user, [{ id: "t2", from: "sales@riverside.test", to: "pat@acme-labs.test", subject: "Our answer", inReplyTo: "t1" }], "Sent");
    await put(user, [{ id: "t3", subject: "Something else entirely", references: "<t1@mail.test> <t2@mail.test>" }]);
    await sync(mailbox);

    expect(threadOf("t2")).toBe(threadOf("t1"));
    expect(threadOf("t3")).toBe(threadOf("t1"));
    const thread = db().select().from(mailThreads).where(eq(mailThreads.id, threadOf("t1")!)).get()!;
    expect(thread).toMatchObject({ subject: "Quote for 40 cases", messageCount: 3 });
  });

  test("a reply read before the message it answers still joins it", async () => {
    const { user, mailbox } = newMailbox();
    await put(user, [{ id: "r2", subject: "Reorder", inReplyTo: "r1" }]);
    await put(user, [{ id: "r1", from: "sales@riverside.test", to: "pat@acme-labs.test", subject: "Time to reorder?" }], "Sent");
    await sync(mailbox);
    expect(threadOf("r1")).toBe(threadOf("r2"));
  });

  test("two replies read before the message they answer (Sent read before INBOX) become one thread when it comes", async () => {
    const { user, mailbox } = newMailbox("Sent,INBOX");
    // The team answered Pat and Lee apart: until Pat's question is read, the answers share no one outside the team.
    await put(user, [{ id: "to-pat", from: "sales@riverside.test", to: "pat@acme-labs.test", subject: "Re: Lot 42", inReplyTo: "question", date: "2026-03-03T10:00:00Z" }], "Sent");
    await put(user, [{ id: "to-lee", from: "sales@riverside.test", to: "lee@acme-labs.test", subject: "Re: Lot 42", inReplyTo: "question", date: "2026-03-03T11:00:00Z" }], "Sent");
    await put(user, [{ id: "question", to: "sales@riverside.test, lee@acme-labs.test", subject: "Lot 42", date: "2026-03-02T09:00:00Z" }]);
    await sync(mailbox);

    const joined = threadOf("to-pat")!;
    expect([threadOf("to-lee"), threadOf("question")]).toEqual([joined, joined]);
    expect(db().select().from(mailThreads).all()).toEqual([expect.objectContaining({ id: joined, subject: "Lot 42", messageCount: 3, lastMessageAt: new Date("2026-03-03T11:00:00Z") })]);
  });

  test("the same subject with a shared person joins within 60 days, not beyond, and not between other people", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    await put(user, [
      { id: "s1", subject: "Sample results", date: "2026-01-01T12:00:00Z" },
      { id: "s2", subject: "RE: Fwd: sample RESULTS", date: "2026-02-20T12:00:00Z" },
      { id: "s3", subject: "Re: Sample results", date: "2026-06-01T12:00:00Z" },
      { id: "s4", subject: "Re: Sample results", from: "kim@other-farm.test", date: "2026-02-21T12:00:00Z" },
    ]);
    await sync(mailbox);

    expect(threadOf("s2")).toBe(threadOf("s1"));
    expect(threadOf("s3")).not.toBe(threadOf("s1"));
    expect(threadOf("s4")).not.toBe(threadOf("s1"));
    expect(new Set([threadOf("s1"), threadOf("s3"), threadOf("s4")]).size).toBe(3);
  });
});

describe("matching to accounts", () => {
  test("by contact, account, merge alias and order e-mails, and by a business domain only one account has", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    const actor = COMMAND_LINE;
    const byContact = createAccount(db(), { name: "Acme Labs", email: "orders@acme-labs.test" }, actor).id;
    addContact(db(), byContact, { firstName: "Pat", lastName: "Buyer", email: "pat@acme-labs.test" }, actor);
    const byAccount = createAccount(db(), { name: "Green Valley", email: "buyer@green-valley.test" }, actor).id;
    const byAlias = createAccount(db(), { name: "Hill Co", email: "hill@hill-co.test" }, actor).id;
    addAliases(db(), byAlias, ["old-buyer@hill-old.test"], []);
    const byOrder = seedCustomer(db(), { email: "shop@orchard.test", orders: [{ number: "1001", placedAt: "2026-01-05T12:00:00Z", total: 120 }] });
    const byDomain = createAccount(db(), { name: "Lone Domain", email: "owner@lone-domain.test" }, actor).id;
    createAccount(db(), { name: "Twin One", email: "one@twins.test" }, actor);
    createAccount(db(), { name: "Twin Two", email: "two@twins.test" }, actor);
    createAccount(db(), { name: "Gmail customer", email: "farmer@gmail.com" }, actor);

    await put(user, [
      { id: "m-contact", from: "pat@acme-labs.test" },
      { id: "m-account", from: "buyer@green-valley.test" },
      { id: "m-alias", from: "old-buyer@hill-old.test" },
      { id: "m-order", from: "shop@orchard.test" },
      { id: "m-domain", from: "someone-new@lone-domain.test" },
      { id: "m-two-accounts-domain", from: "someone@twins.test" },
      { id: "m-free-mail", from: "stranger@gmail.com" },
      { id: "m-both", from: "pat@acme-labs.test", cc: "buyer@green-valley.test" },
    ]);
    await sync(mailbox);

    expect(accountsOf("m-contact")).toEqual([{ accountId: byContact, matchedBy: "contact" }]);
    expect(accountsOf("m-account")).toEqual([{ accountId: byAccount, matchedBy: "account" }]);
    expect(accountsOf("m-alias")).toEqual([{ accountId: byAlias, matchedBy: "alias" }]);
    expect(accountsOf("m-order")).toEqual([{ accountId: byOrder, matchedBy: "account" }]);
    expect(accountsOf("m-domain")).toEqual([{ accountId: byDomain, matchedBy: "domain" }]);
    expect(accountsOf("m-two-accounts-domain")).toEqual([]);
    expect(accountsOf("m-free-mail")).toEqual([]);
    expect(accountsOf("m-both").map((match) => match.accountId).sort()).toEqual([byContact, byAccount].sort());
    // A thread is filed under its first message's account; mail never makes an account.
    expect(db().select().from(mailThreads).where(eq(mailThreads.id, threadOf("m-contact")!)).get()!.accountId).toBe(byContact);
    expect(db().select().from(accounts).all()).toHaveLength(8);
  });

  test("an order's customer e-mail that is not its account's own still matches the account", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    const accountId = seedCustomer(db(), { email: "shop@orchard.test", orders: [{ number: "1001", placedAt: "2026-01-05T12:00:00Z", total: 120 }] });
    // Staff changed the account's e-mail since: its orders still name the customer's address.
    db().update(accounts).set({ email: "office@orchard-farms.test" }).where(eq(accounts.id, accountId)).run();
    await put(user, [{ id: "o1", from: "shop@orchard.test" }]);
    await sync(mailbox);
    expect(accountsOf("o1")).toEqual([{ accountId, matchedBy: "order" }]);
  });

  test("bulk mail and mail among the team alone are kept as headers only, in no thread and no account", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    createAccount(db(), { name: "Acme Labs", email: "news@acme-labs.test" }, COMMAND_LINE);
    await put(user, [
      { id: "b1", from: "news@acme-labs.test", headers: ["List-Unsubscribe: <https://acme-labs.test/unsubscribe>"] },
      { id: "b2", from: "no-reply@acme-labs.test" },
      { id: "b3", from: "MAILER-DAEMON@acme-labs.test" },
      // Ann and Bob's addresses (example.com) and the mailbox's own domain are the team's.
      { id: "i1", from: "ann@example.com", to: "bob@example.com, sales@riverside.test", text: "Lunch at noon?" },
    ]);
    const [summary] = await sync(mailbox);

    expect(summary).toMatchObject({ stored: 0, skipped: 4 });
    for (const id of ["b1", "b2", "b3", "i1"]) {
      expect(messageRow(id)).toMatchObject({ threadId: null, text: "", html: null });
      expect(accountsOf(id)).toEqual([]);
    }
    expect(messageRow("b1").bulk).toBe(true);
    expect(messageRow("i1")).toMatchObject({ internal: true, bulk: false });
  });
});

describe("what a message holds", () => {
  test("hostile HTML is kept without scripts, handlers, remote images or javascript: links, its formatting kept", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    await put(user, [
      {
        id: "h1",
        html: `<p>Hello <b>Pat</b></p><script>alert(1)</script><img src="https://tracker.test/open.gif" onerror="alert(2)" alt="logo"><a href="javascript:alert(3)">click</a><a href="https://acme-labs.test/">site</a><div onclick="steal()" style="color: red; background: url(https://tracker.test/bg.gif)">styled</div><iframe src="https://evil.test"></iframe>`,
      },
    ]);
    await sync(mailbox);

    const { html, text, snippet } = messageRow("h1");
    expect(html).toContain("<p>Hello <b>Pat</b></p>");
    expect(html).toContain('<a href="https://acme-labs.test/"');
    expect(html).toContain('data-blocked-src="https://tracker.test/open.gif"');
    for (const hostile of ["<script", "alert", "onerror", "onclick", "javascript:", ' src="https://tracker', "url(", "<iframe"]) expect(html).not.toContain(hostile);
    expect(text).toContain("Hello Pat");
    expect(snippet).toStartWith("Hello Pat");
  });

  test("attachments are listed and their files kept in the data directory, readable by their owner only", async () => {
    const { user, mailbox } = newMailbox("INBOX");
    const raw = messageWithAttachments("att1", [{ filename: "results.csv", type: "text/csv", content: "lot,result\n42,pass\n" }], "Results attached.");
    await server.append(user, raw);
    await sync(mailbox);

    const message = messageRow("att1");
    expect(message.attachmentCount).toBe(1);
    const [attachment] = db().select().from(mailAttachments).where(eq(mailAttachments.messageId, message.id)).all();
    expect(attachment).toMatchObject({ filename: "results.csv", contentType: "text/csv", size: 19 });
    const file = path.join(context.database.dataDir, attachment!.storedPath!);
    expect(await Bun.file(file).text()).toBe("lot,result\n42,pass\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
