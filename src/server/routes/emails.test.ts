import { describe, expect, test } from "bun:test";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl, type Mailbox } from "../../core/mail/mailboxes.ts";
import { teamAddresses } from "../../core/mail/match-accounts.ts";
import { readReceivedMessage } from "../../core/mail/received-message.ts";
import { storeMessageBatch } from "../../core/mail/store-messages.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("an account's e-mail", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const get = (path: string) => crm.server.request("GET", path, { cookie: crm.cookie });

  async function account(): Promise<number> {
    return (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Acme Labs", email: "pat@acme-labs.test" } })).body.id;
  }

  function mailbox(user: string, visibility: "metadata" | "subject" | "everything"): Mailbox {
    return keepEnvironmentMailboxes(crm.server.db, [parseMailboxUrl("CRM_MAIL_IMAP", `imaps://${encodeURIComponent(user)}:pw@imap.riverside.test/INBOX?visibility=${visibility}`)])[0]!;
  }

  let nextUid = 1;
  /** Stores messages as the sync would, read from their raw source, into a mailbox's INBOX. */
  async function receive(into: Mailbox, mails: { id: string; subject?: string; date: string; text?: string; attachment?: boolean; inReplyTo?: string }[]) {
    const messages = [];
    for (const mail of mails) {
      const headers = ["From: Pat Buyer <pat@acme-labs.test>", "To: Sales <sales@riverside.test>", `Subject: ${mail.subject ?? "Quote"}`, `Date: ${new Date(mail.date).toUTCString()}`, `Message-ID: <${mail.id}@mail.test>`];
      if (mail.inReplyTo) headers.push(`In-Reply-To: <${mail.inReplyTo}@mail.test>`);
      const body = mail.attachment
        ? ['Content-Type: multipart/mixed; boundary="b"', "", "--b", "Content-Type: text/plain", "", mail.text ?? "Hello", "--b", 'Content-Type: application/pdf; name="quote.pdf"', 'Content-Disposition: attachment; filename="quote.pdf"', "Content-Transfer-Encoding: base64", "", "JVBERg==", "--b--"]
        : ["Content-Type: text/html", "", `<p>${mail.text ?? "Hello"}</p><img src="https://tracker.test/x.gif">`];
      const message = await readReceivedMessage(new TextEncoder().encode([...headers, "MIME-Version: 1.0", ...body, ""].join("\r\n")), new Date(mail.date));
      messages.push({ uid: nextUid++, message, attachmentPaths: message.attachments.map(() => null) });
    }
    storeMessageBatch(crm.server.db, { mailboxId: into.id, folder: "INBOX", uidValidity: 1, lastUid: nextUid, messages, team: teamAddresses(crm.server.db), actor: COMMAND_LINE });
  }

  test("its threads, newest first and paged, with X-Total-Count; a thread's messages oldest first, HTML said to be there", async () => {
    const accountId = await account();
    expect((await get(`/api/accounts/${accountId}`)).body.lastEmailedAt).toBeNull();
    const sales = mailbox("sales@riverside.test", "everything");
    await receive(sales, [
      { id: "q1", subject: "Quote for 40 cases", date: "2026-03-01T15:00:00Z", text: "Can you quote 40 cases?" },
      { id: "q2", subject: "Re: Quote for 40 cases", date: "2026-03-03T15:00:00Z", text: "Any news?", inReplyTo: "q1", attachment: true },
      { id: "r1", subject: "Reorder", date: "2026-04-01T15:00:00Z", text: "Same as last time." },
      { id: "s1", subject: "Sample results", date: "2026-02-01T15:00:00Z" },
    ]);

    const page = await get(`/api/accounts/${accountId}/emails?limit=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body).toEqual([
      { id: expect.any(Number), subject: "Reorder", participants: [{ address: "pat@acme-labs.test", name: "Pat Buyer" }, { address: "sales@riverside.test", name: "Sales" }], snippet: "Same as last time.", lastMessageAt: "2026-04-01T15:00:00.000Z", messageCount: 1, attachmentCount: 0 },
      { id: expect.any(Number), subject: "Quote for 40 cases", participants: expect.any(Array), snippet: "Any news?", lastMessageAt: "2026-03-03T15:00:00.000Z", messageCount: 2, attachmentCount: 1 },
    ]);
    // "Last e-mailed" is its newest thread's last message, as the Emails tab's first row says.
    expect((await get(`/api/accounts/${accountId}`)).body.lastEmailedAt).toBe("2026-04-01T15:00:00.000Z");
    expect((await get(`/api/accounts/${accountId}/emails?offset=2`)).body.map((thread: { subject: string }) => thread.subject)).toEqual(["Sample results"]);

    const thread = await get(`/api/email-threads/${page.body[1].id}`);
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({ subject: "Quote for 40 cases", accountId });
    expect(thread.body.messages.map((message: { subject: string }) => message.subject)).toEqual(["Quote for 40 cases", "Re: Quote for 40 cases"]);
    const [first, second] = thread.body.messages;
    expect(first).toMatchObject({ visibility: "everything", from: { address: "pat@acme-labs.test", name: "Pat Buyer" }, sentAt: "2026-03-01T15:00:00.000Z", text: "Can you quote 40 cases?", attachments: [] });
    // Its HTML is a page of its own (email-messages.test.ts); the thread says it has one, with images to load.
    expect(first).toMatchObject({ hasHtml: true, hasRemoteImages: true });
    expect(first.html).toBeUndefined();
    expect(second).toMatchObject({ hasHtml: false, hasRemoteImages: false });
    expect(first.participants).toEqual([{ role: "from", address: "pat@acme-labs.test", name: "Pat Buyer" }, { role: "to", address: "sales@riverside.test", name: "Sales" }]);
    expect(second.attachments).toEqual([{ id: expect.any(Number), filename: "quote.pdf", contentType: "application/pdf", size: 4 }]);
  });

  test("each message shows as much as the most open mailbox holding it allows", async () => {
    const accountId = await account();
    const personal = mailbox("kim@riverside.test", "metadata");
    const shared = mailbox("sales@riverside.test", "subject");
    const everything = mailbox("dropbox@riverside.test", "everything");
    await receive(personal, [{ id: "private", subject: "Private matter", date: "2026-03-01T15:00:00Z", attachment: true }]);
    await receive(personal, [{ id: "both", subject: "Order question", date: "2026-03-05T15:00:00Z" }]);
    await receive(shared, [{ id: "both", subject: "Order question", date: "2026-03-05T15:00:00Z" }]);
    await receive(personal, [{ id: "open", subject: "Open letter", date: "2026-03-09T15:00:00Z" }]);
    await receive(everything, [{ id: "open", subject: "Open letter", date: "2026-03-09T15:00:00Z" }]);

    const threads = (await get(`/api/accounts/${accountId}/emails`)).body;
    expect(threads.map(({ subject, snippet, attachmentCount }: { subject: string | null; snippet: string | null; attachmentCount: number }) => ({ subject, snippet, attachmentCount }))).toEqual([
      { subject: "Open letter", snippet: "Hello", attachmentCount: 0 },
      { subject: "Order question", snippet: null, attachmentCount: 0 },
      { subject: null, snippet: null, attachmentCount: 0 },
    ]);
    const metadataOnly = (await get(`/api/email-threads/${threads[2].id}`)).body;
    expect(metadataOnly.subject).toBeNull();
    expect(metadataOnly.messages[0]).toMatchObject({ visibility: "metadata", from: { address: "pat@acme-labs.test" }, subject: null, text: null, hasHtml: false, hasRemoteImages: false, attachments: null });
    expect((await get(`/api/email-threads/${threads[1].id}`)).body.messages[0]).toMatchObject({ visibility: "subject", subject: "Order question", text: null, hasHtml: false, hasRemoteImages: false, attachments: null });
    expect((await get(`/api/email-threads/${threads[0].id}`)).body.messages[0]).toMatchObject({ visibility: "everything", text: "Hello" });
  });

  test("its messages are lines of its timeline, in time among the rest, paged in SQL, said as much as their mailboxes show", async () => {
    const accountId = await account();
    await crm.server.request("POST", `/api/accounts/${accountId}/activity`, { cookie: crm.cookie, body: { kind: "call", summary: "Called about the quote", date: "2026-03-02T15:00:00Z" } });
    await receive(mailbox("sales@riverside.test", "subject"), [{ id: "t1", subject: "Quote for 40 cases", date: "2026-03-01T15:00:00Z" }]);
    await receive(mailbox("kim@riverside.test", "metadata"), [{ id: "t2", subject: "Private", date: "2026-03-03T15:00:00Z" }]);
    // A reply from the team, as a Sent folder holds it.
    const sent = await readReceivedMessage(
      new TextEncoder().encode(["From: Sales <sales@riverside.test>", "To: Pat Buyer <pat@acme-labs.test>", "Subject: Re: Quote for 40 cases", `Date: ${new Date("2026-03-04T15:00:00Z").toUTCString()}`, "Message-ID: <t3@mail.test>", "In-Reply-To: <t1@mail.test>", "", "Here it is.", ""].join("\r\n")),
      new Date("2026-03-04T15:00:00Z"),
    );
    storeMessageBatch(crm.server.db, { mailboxId: mailbox("sales@riverside.test", "subject").id, folder: "Sent", uidValidity: 1, lastUid: 1, messages: [{ uid: 1, message: sent, attachmentPaths: [] }], team: teamAddresses(crm.server.db), actor: COMMAND_LINE });

    const timeline = await get(`/api/accounts/${accountId}/activity?limit=3`);
    expect(timeline.headers.get("x-total-count")).toBe("5");
    const quote = (await get(`/api/accounts/${accountId}/emails`)).body.find((thread: { subject: string | null }) => thread.subject === "Quote for 40 cases");
    // The account was added now, after its mail was written.
    expect(timeline.body.map(({ kind, summary, actorName, occurredAt, emailThreadId }: Record<string, unknown>) => ({ kind, summary, actorName, occurredAt, emailThreadId }))).toEqual([
      { kind: "account_created", summary: "Account created", actorName: expect.any(String), occurredAt: expect.any(String), emailThreadId: null },
      { kind: "email_sent", summary: "E-mail to Pat Buyer: Re: Quote for 40 cases", actorName: "Sales", occurredAt: "2026-03-04T15:00:00.000Z", emailThreadId: quote.id },
      { kind: "email_received", summary: "E-mail from Pat Buyer", actorName: null, occurredAt: "2026-03-03T15:00:00.000Z", emailThreadId: expect.any(Number) },
    ]);
    const rest = (await get(`/api/accounts/${accountId}/activity?limit=3&offset=3`)).body;
    expect(rest.map(({ kind, summary }: { kind: string; summary: string }) => ({ kind, summary }))).toEqual([
      { kind: "call", summary: "Called about the quote" },
      { kind: "email_received", summary: "E-mail from Pat Buyer: Quote for 40 cases" },
    ]);
  });

  test("a thread no account has is listed for staff, and filed under the account they choose, with the audit's entry", async () => {
    const accountId = await account();
    const sales = mailbox("sales@riverside.test", "everything");
    await receive(sales, [{ id: "u1", subject: "Hello from Acme Labs", date: "2026-03-01T15:00:00Z" }]);
    // A customer writing from an address no account knows.
    const stranger = await readReceivedMessage(
      new TextEncoder().encode(["From: Lee <lee@newcomer.test>", "To: Sales <sales@riverside.test>", "Subject: Price list?", `Date: ${new Date("2026-03-05T15:00:00Z").toUTCString()}`, "Message-ID: <u2@mail.test>", "", "Could you send it?", ""].join("\r\n")),
      new Date("2026-03-05T15:00:00Z"),
    );
    storeMessageBatch(crm.server.db, { mailboxId: sales.id, folder: "INBOX", uidValidity: 1, lastUid: 99, messages: [{ uid: 99, message: stranger, attachmentPaths: [] }], team: teamAddresses(crm.server.db), actor: COMMAND_LINE });

    const unmatched = await get("/api/email-threads/unmatched");
    expect(unmatched.status).toBe(200);
    expect(unmatched.headers.get("x-total-count")).toBe("1");
    expect(unmatched.body).toEqual([expect.objectContaining({ subject: "Price list?", participants: [{ address: "lee@newcomer.test", name: "Lee" }, { address: "sales@riverside.test", name: "Sales" }], messageCount: 1 })]);
    const threadId = unmatched.body[0].id;

    const post = (path: string, body: unknown) => crm.server.request("POST", path, { cookie: crm.cookie, body });
    expect(await post(`/api/email-threads/${threadId}/account`, { accountId: 999999 })).toMatchObject({ status: 400, body: { message: "accountId names no account", field: "accountId" } });
    expect(await post("/api/email-threads/999999/account", { accountId })).toMatchObject({ status: 404, body: { message: "E-mail thread not found" } });
    expect((await post(`/api/email-threads/${threadId}/account`, {})).status).toBe(400);

    const filed = await post(`/api/email-threads/${threadId}/account`, { accountId });
    expect(filed).toMatchObject({ status: 200, body: { id: threadId, accountId, subject: "Price list?" } });
    expect((await get("/api/email-threads/unmatched")).headers.get("x-total-count")).toBe("0");
    expect((await get(`/api/accounts/${accountId}/emails`)).body.map((thread: { subject: string }) => thread.subject)).toEqual(["Price list?", "Hello from Acme Labs"]);
    expect((await get(`/api/accounts/${accountId}`)).body.lastEmailedAt).toBe("2026-03-05T15:00:00.000Z");
    const audit = crm.server.db.$client.query<{ summary: string; entity: string; account_id: number }, []>("SELECT summary, entity, account_id FROM audit_log WHERE entity = 'email_thread'").all();
    expect(audit).toEqual([{ summary: `Filed e-mail thread ${threadId} under Acme Labs`, entity: "email_thread", account_id: accountId }]);
  });

  test("an unknown account or thread answers 404, a bad id 400, and no session 401", async () => {
    expect(await get("/api/accounts/999999/emails")).toMatchObject({ status: 404, body: { message: "Account not found" } });
    expect(await get("/api/email-threads/999999")).toMatchObject({ status: 404, body: { message: "E-mail thread not found" } });
    expect((await get("/api/email-threads/abc")).status).toBe(400);
    expect((await get(`/api/accounts/${await account()}/emails?limit=0`)).body.message).toBe("limit must be a whole number from 1 to 500");
    expect((await crm.server.request("GET", "/api/email-threads/1", {})).status).toBe(401);
    expect((await crm.server.request("GET", "/api/email-threads/unmatched", {})).status).toBe(401);
    expect((await crm.server.request("POST", "/api/email-threads/1/account", { body: { accountId: 1 } })).status).toBe(401);
  });
});
