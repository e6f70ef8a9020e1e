import { describe, expect, test } from "bun:test";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl, type Mailbox } from "../../core/mail/mailboxes.ts";
import { teamAddresses } from "../../core/mail/match-accounts.ts";
import { readReceivedMessage } from "../../core/mail/received-message.ts";
import { storeMessageBatch } from "../../core/mail/store-messages.ts";
import { useTestServer } from "../../testing/test-server.ts";

const SENDERS_HTML = [
  '<p style="color: rgb(0, 128, 0); font-size: 16px; background-image: url(https://tracker.test/bg.gif)">Your quote</p>',
  '<img src="https://images.test/logo.png" alt="logo"><img src="http://images.test/plain.png" alt="plain">',
  '<script>parent.document.title = "ran"</script><a href="https://acme-labs.test/terms">terms</a>',
].join("");

describe("GET /api/email-messages/{id}/html", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const get = (urlPath: string) => crm.server.request("GET", urlPath, { cookie: crm.cookie });

  function mailbox(user: string, visibility: "metadata" | "subject" | "everything"): Mailbox {
    return keepEnvironmentMailboxes(crm.server.db, [parseMailboxUrl("CRM_MAIL_IMAP", `imaps://${encodeURIComponent(user)}:pw@imap.riverside.test/INBOX?visibility=${visibility}`)])[0]!;
  }

  let nextUid = 1;
  /** Stores a message from the customer as the sync would, with an HTML part or a text one; answers its id. */
  async function receive(into: Mailbox, body: { html: string } | { text: string }): Promise<number> {
    const id = `m${nextUid}@mail.test`;
    const source = [
      "From: Pat Buyer <pat@acme-labs.test>",
      "To: Sales <sales@riverside.test>",
      "Subject: Quote",
      "Date: Mon, 02 Mar 2026 15:00:00 +0000",
      `Message-ID: <${id}>`,
      "MIME-Version: 1.0",
      `Content-Type: ${"html" in body ? "text/html" : "text/plain"}; charset=utf-8`,
      "",
      "html" in body ? body.html : body.text,
      "",
    ].join("\r\n");
    const message = await readReceivedMessage(new TextEncoder().encode(source), new Date("2026-03-02T15:00:00Z"));
    storeMessageBatch(crm.server.db, { mailboxId: into.id, folder: "INBOX", uidValidity: 1, lastUid: nextUid, messages: [{ uid: nextUid++, message, attachmentPaths: [] }], team: teamAddresses(crm.server.db), actor: COMMAND_LINE });
    return crm.server.sqlite.query<{ id: number }, [string]>("SELECT id FROM mail_messages WHERE message_id = ?").get(`<${id}>`)!.id;
  }

  test("a message's sanitised HTML as a page of its own, under its own policy: styles inline, nothing runs, nothing remote loads", async () => {
    const messageId = await receive(mailbox("sales@riverside.test", "everything"), { html: SENDERS_HTML });
    const page = await get(`/api/email-messages/${messageId}/html`);
    expect(page.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-security-policy", "referrer-policy", "x-content-type-options", "x-frame-options", "cache-control"].map((name) => [name, page.headers.get(name)]))).toEqual({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "cache-control": "private, no-store",
    });
    const html: string = page.body;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<base target="_blank">');
    expect(html).toContain("<style>");
    expect(html).toContain('<p style="color:rgb(0, 128, 0);font-size:16px">Your quote</p>');
    expect(html).toContain('<img alt="logo" data-blocked-src="https://images.test/logo.png" />');
    expect(html).toContain('<a href="https://acme-labs.test/terms" target="_blank" rel="noopener noreferrer nofollow">terms</a>');
    for (const word of ["<script", "ran", "url(", ' src="http']) expect({ word, found: html.includes(word) }).toEqual({ word, found: false });
  });

  test("with images=remote, its https images come back and the policy lets https images load; a plain http one stays hidden", async () => {
    const messageId = await receive(mailbox("sales@riverside.test", "everything"), { html: SENDERS_HTML });
    const page = await get(`/api/email-messages/${messageId}/html?images=remote`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("; img-src data: https:; ");
    expect(page.body).toContain('<img alt="logo" src="https://images.test/logo.png" />');
    expect(page.body).toContain('<img alt="plain" data-blocked-src="http://images.test/plain.png" />');
    expect(page.body).not.toContain("<script");
    const asked = await get(`/api/email-messages/${messageId}/html?images=all`);
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe("images must be one of remote");
  });

  test("only a message shown whole, with HTML: any other answers 404, as one that is not there does", async () => {
    const hidden = await receive(mailbox("kim@riverside.test", "subject"), { html: SENDERS_HTML });
    const metadata = await receive(mailbox("lee@riverside.test", "metadata"), { html: SENDERS_HTML });
    const textOnly = await receive(mailbox("sales@riverside.test", "everything"), { text: "Plain words" });
    for (const id of [hidden, metadata, textOnly, 999_999]) {
      const answer = await get(`/api/email-messages/${id}/html`);
      expect({ id, status: answer.status, body: answer.body }).toEqual({ id, status: 404, body: { message: "E-mail message not found" } });
      // An error is the API's JSON, under the dashboard's own policy.
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  test("needs a session", async () => {
    const messageId = await receive(mailbox("sales@riverside.test", "everything"), { html: "<p>Hello</p>" });
    expect((await crm.server.request("GET", `/api/email-messages/${messageId}/html`)).status).toBe(401);
  });
});
