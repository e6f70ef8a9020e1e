import { beforeEach, describe, expect, test } from "bun:test";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "../../core/mail/mailboxes.ts";
import { teamAddresses } from "../../core/mail/match-accounts.ts";
import { readReceivedMessage } from "../../core/mail/received-message.ts";
import { storeMessageBatch } from "../../core/mail/store-messages.ts";
import { SMTP_CATCHER_REFUSED_DOMAIN } from "../../testing/smtp-catcher.ts";
import { testServer, useMailingServers, useTestServer } from "../../testing/test-server.ts";

describe("sending e-mail from an account without an SMTP server", () => {
  const crm = useTestServer({ signInAs: "sales" });

  test("is refused with 409, saying why", async () => {
    const account = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Acme Labs", email: "pat@acme-labs.test" } });
    const sent = await crm.server.request("POST", `/api/accounts/${account.body.id}/emails`, { cookie: crm.cookie, body: { to: "pat@acme-labs.test", subject: "Hi", text: "Hello" } });
    expect(sent).toMatchObject({ status: 409, body: { message: "This CRM sends no e-mail: an administrator sets CRM_MAIL_SMTP to send from it" } });
  });
});

describe("sending e-mail from an account through the SMTP server", () => {
  const mailing = useMailingServers();
  let server: ReturnType<typeof testServer>;
  let cookie: string;
  let accountId: number;
  beforeEach(async () => {
    server = mailing.start({ CRM_MAIL_FROM: "Supply CRM <crm@example.com>" });
    cookie = (await server.signInAs("admin", "kim@example.com")).cookie;
    accountId = (await server.request("POST", "/api/accounts", { cookie, body: { name: "Acme Labs", email: "orders@acme-labs.test" } })).body.id;
    await server.request("POST", "/api/contacts", { cookie, body: { accountId, firstName: "Ann", lastName: "Lee", email: "Ann@Acme-Labs.test" } });
  });

  const post = (path: string, body: unknown) => server.request("POST", path, { cookie, body });
  const get = (path: string) => server.request("GET", path, { cookie });
  const messageCount = () => server.sqlite.query<{ count: number }, []>("SELECT count(*) AS count FROM mail_messages").get()!.count;

  /** A message in a mailbox's folder, stored as the sync stores what it reads. */
  async function syncMessage(folder: string, headers: string[], text: string) {
    const mailbox = keepEnvironmentMailboxes(server.db, [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://sales%40example.com:pw@imap.example.com/INBOX,Sent")])[0]!;
    const message = await readReceivedMessage(new TextEncoder().encode([...headers, "Content-Type: text/plain", "", text, ""].join("\r\n")), new Date());
    const uid = messageCount() + 1;
    storeMessageBatch(server.db, { mailboxId: mailbox.id, folder, uidValidity: 1, lastUid: uid, messages: [{ uid, message, attachmentPaths: [] }], team: teamAddresses(server.db), actor: COMMAND_LINE });
  }

  test("a new message goes to a contact with its Cc, is kept at once in the account's thread, audited, and a later sync of the Sent folder does not keep it twice", async () => {
    const sent = await post(`/api/accounts/${accountId}/emails`, { to: "ann@acme-labs.test", cc: "boss@acme-labs.test, Ops@Acme-Labs.test", subject: " Quote for 40 cases ", text: "Hello Ann,\n\nHere is the quote." });
    // A copy is matched: bun's toMatchObject leaves the matchers in what it matched.
    expect(sent.status).toBe(201);
    expect(structuredClone(sent.body)).toMatchObject({ threadId: expect.any(Number), messageId: expect.stringMatching(/^<.+@.+>$/), to: "ann@acme-labs.test", cc: ["boss@acme-labs.test", "ops@acme-labs.test"], subject: "Quote for 40 cases", refused: [] });
    const mail = await mailing.smtp.nextMail();
    expect(mail).toMatchObject({ envelopeTo: ["ann@acme-labs.test", "boss@acme-labs.test", "ops@acme-labs.test"], from: "crm@example.com", to: ["ann@acme-labs.test"], cc: ["boss@acme-labs.test", "ops@acme-labs.test"], subject: "Quote for 40 cases", messageId: sent.body.messageId });
    expect(mail.text.trim()).toBe("Hello Ann,\n\nHere is the quote.");

    const threads = await get(`/api/accounts/${accountId}/emails`);
    expect(threads.body).toEqual([
      {
        id: sent.body.threadId,
        subject: "Quote for 40 cases",
        participants: [
          { address: "crm@example.com", name: "Supply CRM" },
          { address: "ann@acme-labs.test", name: "Ann Lee" },
          { address: "boss@acme-labs.test", name: "" },
          { address: "ops@acme-labs.test", name: "" },
        ],
        snippet: "Hello Ann, Here is the quote.",
        lastMessageAt: expect.any(String),
        messageCount: 1,
        attachmentCount: 0,
      },
    ]);
    const thread = await get(`/api/email-threads/${sent.body.threadId}`);
    expect(thread.body).toMatchObject({ accountId, messages: [{ visibility: "everything", text: "Hello Ann,\n\nHere is the quote.", hasHtml: false, attachments: [] }] });
    const timeline = await get(`/api/accounts/${accountId}/activity?limit=10&offset=0`);
    expect(timeline.body).toContainEqual(expect.objectContaining({ kind: "email_sent", summary: "E-mail to Ann Lee: Quote for 40 cases", emailThreadId: sent.body.threadId }));
    const audit = await get("/api/admin/audit?entity=email");
    expect(audit.body).toMatchObject([{ entity: "email", action: "sent", entityId: sent.body.threadId, summary: "E-mailed ann@acme-labs.test, boss@acme-labs.test, ops@acme-labs.test: Quote for 40 cases" }]);

    // The mailbox's Sent folder holds the same message, under the Message-ID the CRM sent it with.
    const before = messageCount();
    await syncMessage("Sent", ["From: Supply CRM <crm@example.com>", "To: ann@acme-labs.test", "Subject: Quote for 40 cases", `Message-ID: ${sent.body.messageId}`], "Hello Ann,\n\nHere is the quote.");
    expect(messageCount()).toBe(before);
    expect((await get(`/api/accounts/${accountId}/emails`)).body.map((summary: { messageCount: number }) => summary.messageCount)).toEqual([1]);
    const links = server.sqlite.query<{ folder: string }, []>("SELECT folder FROM mail_message_mailboxes").all();
    expect(links).toEqual([{ folder: "Sent" }]);
  });

  test("a reply goes to whoever wrote the thread's latest message, as Re: its subject, with In-Reply-To and References for their mail program", async () => {
    const first = await post(`/api/accounts/${accountId}/emails`, { to: "orders@acme-labs.test", subject: "Quote for 40 cases", text: "Here is the quote." });
    await mailing.smtp.nextMail();
    await syncMessage("INBOX", ["From: Pat Buyer <pat@acme-labs.test>", "To: crm@example.com", "Subject: RE: Quote for 40 cases", "Message-ID: <answer-1@acme-labs.test>", `In-Reply-To: ${first.body.messageId}`, `References: ${first.body.messageId}`], "Looks good; can you ship Friday?");

    expect((await get(`/api/email-threads/${first.body.threadId}/reply`)).body).toEqual({ to: { address: "pat@acme-labs.test", name: "Pat Buyer" }, subject: "RE: Quote for 40 cases" });
    const reply = await post(`/api/email-threads/${first.body.threadId}/replies`, { text: "Friday it is." });
    expect(reply).toMatchObject({ status: 201, body: { threadId: first.body.threadId, to: "pat@acme-labs.test", cc: [], subject: "RE: Quote for 40 cases" } });
    const mail = await mailing.smtp.nextMail();
    expect(mail).toMatchObject({ to: ["pat@acme-labs.test"], subject: "RE: Quote for 40 cases", messageId: reply.body.messageId, inReplyTo: "<answer-1@acme-labs.test>" });
    expect(mail.references.split(/\s+/)).toEqual([first.body.messageId, "<answer-1@acme-labs.test>"]);

    const thread = await get(`/api/email-threads/${first.body.threadId}`);
    expect(thread.body.messages.map((message: { from: { address: string }; text: string }) => [message.from.address, message.text])).toEqual([
      ["crm@example.com", "Here is the quote."],
      ["pat@acme-labs.test", "Looks good; can you ship Friday?"],
      ["crm@example.com", "Friday it is."],
    ]);

    // The team's own latest message is answered to whom it went; a subject without Re: gets one.
    const lone = await post(`/api/accounts/${accountId}/emails`, { to: "ann@acme-labs.test", subject: "Samples", text: "Samples are on their way." });
    await mailing.smtp.nextMail();
    const followUp = await post(`/api/email-threads/${lone.body.threadId}/replies`, { cc: "ops@acme-labs.test", text: "Did they arrive?" });
    expect(followUp.body).toMatchObject({ to: "ann@acme-labs.test", cc: ["ops@acme-labs.test"], subject: "Re: Samples" });
    expect(await mailing.smtp.nextMail()).toMatchObject({ to: ["ann@acme-labs.test"], subject: "Re: Samples", inReplyTo: lone.body.messageId, references: lone.body.messageId });
  });

  test("refuses what the form would name, and a thread or account that is not there", async () => {
    const newEmail = (body: Record<string, unknown>) => post(`/api/accounts/${accountId}/emails`, { to: "ann@acme-labs.test", subject: "Hi", text: "Hello", ...body });
    expect(await newEmail({ to: "stranger@elsewhere.test" })).toMatchObject({ status: 400, body: { field: "to", message: "to must be the account's e-mail or one of its contacts': stranger@elsewhere.test" } });
    expect(await newEmail({ to: "not an address" })).toMatchObject({ status: 400, body: { field: "to" } });
    expect(await newEmail({ cc: "ops@acme-labs.test; oops" })).toMatchObject({ status: 400, body: { field: "cc", message: "cc is not a valid e-mail address: oops" } });
    expect(await newEmail({ subject: "  " })).toMatchObject({ status: 400, body: { field: "subject" } });
    expect(await newEmail({ text: "x".repeat(50_001) })).toMatchObject({ status: 400, body: { field: "text" } });
    expect((await post("/api/accounts/999999/emails", { to: "ann@acme-labs.test", subject: "Hi", text: "Hello" })).status).toBe(404);
    expect((await post("/api/email-threads/999999/replies", { text: "Hello" })).status).toBe(404);
    expect((await get("/api/email-threads/999999/reply")).status).toBe(404);
    expect(messageCount()).toBe(0);
    expect(mailing.smtp.received.filter((mail) => mail.subject === "Hi")).toEqual([]);
  });

  test("a thread filed under no account is not replied to from the CRM", async () => {
    await syncMessage("INBOX", ["From: stranger@nowhere.test", "To: sales@example.com", "Subject: Hello", "Message-ID: <unmatched@nowhere.test>"], "Who are you?");
    const { id } = server.sqlite.query<{ id: number }, []>("SELECT id FROM mail_threads").get()!;
    const reply = await post(`/api/email-threads/${id}/replies`, { text: "Hi" });
    expect(reply).toMatchObject({ status: 409, body: { message: "This thread is filed under no account: link it to an account to reply from the CRM" } });
    expect(mailing.smtp.received.filter((mail) => mail.to.includes("stranger@nowhere.test"))).toEqual([]);
  });

  test("a sending the SMTP server refuses keeps nothing and says why", async () => {
    await server.request("POST", "/api/contacts", { cookie, body: { accountId, firstName: "Gone", lastName: "Away", email: `gone@${SMTP_CATCHER_REFUSED_DOMAIN}` } });
    const refused = await post(`/api/accounts/${accountId}/emails`, { to: `gone@${SMTP_CATCHER_REFUSED_DOMAIN}`, subject: "Hi", text: "Hello" });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe("to");
    expect(refused.body.message).toStartWith(`The mail server refused gone@${SMTP_CATCHER_REFUSED_DOMAIN}, and the e-mail was not sent: 550 5.1.1 Mailbox unavailable`);
    expect(messageCount()).toBe(0);
    expect((await get("/api/admin/audit?entity=email")).body).toEqual([]);
  });

  test("a Cc the SMTP server refuses while it takes the message for the others: sent to them, kept without it, and the answer names it", async () => {
    const gone = `gone@${SMTP_CATCHER_REFUSED_DOMAIN}`;
    const sent = await post(`/api/accounts/${accountId}/emails`, { to: "ann@acme-labs.test", cc: `${gone}, boss@acme-labs.test`, subject: "Quote", text: "Hello Ann" });
    expect(sent.status).toBe(201);
    expect(structuredClone(sent.body)).toMatchObject({ to: "ann@acme-labs.test", cc: [gone, "boss@acme-labs.test"], refused: [gone] });
    expect((await mailing.smtp.nextMail()).envelopeTo).toEqual(["ann@acme-labs.test", "boss@acme-labs.test"]);
    const thread = await get(`/api/email-threads/${sent.body.threadId}`);
    expect(thread.body.messages[0].participants).toEqual([
      { role: "from", address: "crm@example.com", name: "Supply CRM" },
      { role: "to", address: "ann@acme-labs.test", name: "Ann Lee" },
      { role: "cc", address: "boss@acme-labs.test", name: "" },
    ]);
    expect((await get("/api/admin/audit?entity=email")).body).toMatchObject([{ summary: "E-mailed ann@acme-labs.test, boss@acme-labs.test: Quote" }]);

    // Everyone refused: nothing is sent or kept.
    await server.request("POST", "/api/contacts", { cookie, body: { accountId, firstName: "Gone", lastName: "Away", email: gone } });
    const before = messageCount();
    const refused = await post(`/api/accounts/${accountId}/emails`, { to: gone, cc: `also-gone@${SMTP_CATCHER_REFUSED_DOMAIN}`, subject: "Hi", text: "Hello" });
    expect(refused).toMatchObject({ status: 400, body: { field: "to" } });
    expect(refused.body.message).toStartWith(`The mail server refused ${gone}, also-gone@${SMTP_CATCHER_REFUSED_DOMAIN}, and the e-mail was not sent`);
    expect(messageCount()).toBe(before);
  });

  test("a sign-in the SMTP server refuses is a 503 naming the setting, and keeps nothing", async () => {
    const wrong = mailing.start({ CRM_MAIL_SMTP: mailing.smtp.url.replace(/:[^:@]+@/, ":wrong@") });
    const admin = await wrong.signInAs("admin");
    const account = await wrong.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Acme Labs", email: "orders@acme-labs.test" } });
    const sent = await wrong.request("POST", `/api/accounts/${account.body.id}/emails`, { cookie: admin.cookie, body: { to: "orders@acme-labs.test", subject: "Hi", text: "Hello" } });
    expect(sent.status).toBe(503);
    expect(sent.body.message).toStartWith("The e-mail was not sent: the mail server refused the CRM's sign-in (check CRM_MAIL_SMTP's user and password)");
    expect(wrong.sqlite.query<{ count: number }, []>("SELECT count(*) AS count FROM mail_messages").get()!.count).toBe(0);
  });
});
