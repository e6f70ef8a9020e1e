import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import path from "node:path";
import { keepEnvironmentMailboxes, parseMailboxUrl, type Mailbox } from "../../core/mail/mailboxes.ts";
import { keepReceivedMessage, messageWithAttachments } from "../../testing/mail-messages.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("GET /api/email-attachments/{id}", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const get = (urlPath: string, cookie = crm.cookie) => crm.server.request("GET", urlPath, { cookie });

  function mailbox(user: string, visibility: "metadata" | "subject" | "everything"): Mailbox {
    return keepEnvironmentMailboxes(crm.server.db, [parseMailboxUrl("CRM_MAIL_IMAP", `imaps://${encodeURIComponent(user)}:pw@imap.riverside.test/INBOX?visibility=${visibility}`)])[0]!;
  }

  let nextUid = 1;
  /** Receives a message from the customer with the attachments, kept as the sync keeps them (or not, with `keepFiles: false`); answers the thread's attachments. */
  async function receive(into: Mailbox, attachments: { filename: string; type: string; content: string }[], options: { keepFiles?: boolean } = {}) {
    const id = `m${nextUid}`;
    await keepReceivedMessage(crm.server.db, crm.server.dataDir, { mailboxId: into.id, uid: nextUid++, raw: messageWithAttachments(id, attachments), keepFiles: options.keepFiles });
    return crm.server.sqlite
      .query<{ id: number; storedPath: string | null }, [string]>(
        "SELECT a.id, a.stored_path AS storedPath FROM mail_attachments a JOIN mail_messages m ON m.id = a.message_id WHERE m.message_id = ? ORDER BY a.id",
      )
      .all(`<${id}@mail.test>`);
  }

  test("the file, under its own name, as a download with its type when that is safe, to anyone signed in", async () => {
    const [pdf, page, drawing] = await receive(mailbox("sales@riverside.test", "everything"), [
      { filename: "quote 40 cases.pdf", type: "application/pdf", content: "%PDF-1.4 quote" },
      { filename: "Café menu \"spring\".html", type: "text/html", content: "<script>alert(1)</script>" },
      { filename: "logo.svg", type: "image/svg+xml", content: "<svg onload='alert(1)'/>" },
    ]);
    const answer = await get(`/api/email-attachments/${pdf!.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("%PDF-1.4 quote");
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="quote 40 cases.pdf"; filename*=UTF-8''quote%2040%20cases.pdf`);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("no-store");

    // Never a page the browser would show or run: HTML and SVG go as bytes to save.
    const html = await get(`/api/email-attachments/${page!.id}`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("application/octet-stream");
    expect(html.headers.get("content-disposition")).toBe(`attachment; filename="Caf_ menu _spring_.html"; filename*=UTF-8''Caf%C3%A9%20menu%20%22spring%22.html`);
    expect((await get(`/api/email-attachments/${drawing!.id}`)).headers.get("content-type")).toBe("application/octet-stream");

    const { cookie } = await crm.server.signInAs("admin");
    expect((await get(`/api/email-attachments/${pdf!.id}`, cookie)).status).toBe(200);
  });

  test("401 without a session", async () => {
    const [pdf] = await receive(mailbox("sales@riverside.test", "everything"), [{ filename: "quote.pdf", type: "application/pdf", content: "%PDF" }]);
    const answer = await get(`/api/email-attachments/${pdf!.id}`, "");
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBeString();
  });

  test("404 for a message whose mailboxes do not show attachments, as for one that is not there", async () => {
    const [hidden] = await receive(mailbox("kim@riverside.test", "subject"), [{ filename: "quote.pdf", type: "application/pdf", content: "%PDF" }]);
    expect(hidden!.storedPath).not.toBeNull();
    const answer = await get(`/api/email-attachments/${hidden!.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: "Attachment not found" });
    expect((await get("/api/email-attachments/999999")).body).toEqual({ message: "Attachment not found" });
    expect((await get("/api/email-attachments/0x10")).status).toBe(400);
  });

  test("404 when its file was not kept, or is gone from the data directory", async () => {
    const sales = mailbox("sales@riverside.test", "everything");
    const [notKept] = await receive(sales, [{ filename: "huge.zip", type: "application/zip", content: "PK" }], { keepFiles: false });
    expect((await get(`/api/email-attachments/${notKept!.id}`)).body).toEqual({ message: "This attachment's file was not kept: it was too large" });
    const [gone] = await receive(sales, [{ filename: "price-list.csv", type: "text/csv", content: "sku,price" }]);
    rmSync(path.join(crm.server.dataDir, gone!.storedPath!));
    const answer = await get(`/api/email-attachments/${gone!.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("This attachment's file is no longer in the data directory");
  });
});
