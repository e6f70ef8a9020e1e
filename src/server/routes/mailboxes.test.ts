import { describe, expect, test } from "bun:test";
import { SYNC_STARTED_MESSAGE } from "../../contracts/mailboxes.ts";
import { COMMAND_LINE } from "../../core/changes/actor.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "../../core/mail/mailboxes.ts";
import { teamAddresses } from "../../core/mail/match-accounts.ts";
import { readReceivedMessage } from "../../core/mail/received-message.ts";
import { storeMessageBatch } from "../../core/mail/store-messages.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("Settings → E-mail: the mailboxes", () => {
  const crm = useTestServer({ signInAs: "admin" });
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", path = "", body?: object) => crm.server.request(method, `/api/settings/mailboxes${path}`, { cookie: crm.cookie, body });
  const sales = { host: "imap.riverside.test", username: "sales@riverside.test", secret: "imap-password" };

  test("an administrator adds, changes and removes one; its password is never sent back; each change is audited, masked", async () => {
    const added = await call("POST", "", sales);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      name: "sales@riverside.test on imap.riverside.test",
      host: "imap.riverside.test",
      port: 993,
      secure: true,
      username: "sales@riverside.test",
      secretSet: true,
      folders: ["INBOX", "Sent"],
      visibility: "everything",
      source: "settings",
      lastSyncedAt: null,
      lastError: null,
      messageCount: 0,
      syncing: false,
    });
    expect(JSON.stringify(added.body)).not.toContain("imap-password");

    const changed = await call("PATCH", `/${added.body.id}`, { name: "Sales", folders: ["INBOX", " Sent Items ", "INBOX"], visibility: "subject", secret: "new-password" });
    expect(changed.body).toMatchObject({ name: "Sales", folders: ["INBOX", "Sent Items"], visibility: "subject", secretSet: true });
    expect((await call("GET")).body.map((mailbox: { name: string }) => mailbox.name)).toEqual(["Sales"]);

    const audit = await crm.server.request("GET", "/api/admin/audit?entity=setting", { cookie: crm.cookie });
    const trail = JSON.stringify(audit.body);
    expect(trail).toContain("E-mail mailbox Sales");
    expect(trail).not.toContain("imap-password");
    expect(trail).not.toContain("new-password");

    expect((await call("DELETE", `/${added.body.id}`)).status).toBe(204);
    expect((await call("GET")).body).toEqual([]);
    expect((await call("DELETE", `/${added.body.id}`)).status).toBe(404);
  });

  test("refusals name the field: plain IMAP to another machine, no folder, the same user twice, a bad host", async () => {
    expect(await call("POST", "", { ...sales, secure: false })).toMatchObject({ status: 400, body: { field: "secure" } });
    expect(await call("POST", "", { ...sales, folders: [] })).toMatchObject({ status: 400, body: { field: "folders" } });
    expect(await call("POST", "", { ...sales, host: "imap riverside" })).toMatchObject({ status: 400, body: { field: "host" } });
    expect(await call("POST", "", { ...sales, secret: "" })).toMatchObject({ status: 400, body: { field: "secret" } });
    expect((await call("POST", "", { ...sales, secure: false, host: "127.0.0.1" })).body).toMatchObject({ port: 143, secure: false });
    expect((await call("POST", "", sales)).status).toBe(201);
    expect(await call("POST", "", sales)).toMatchObject({ status: 409, body: { field: "username" } });
  });

  test("the environment's mailboxes are listed but changed only in the environment", async () => {
    const [fromEnvironment] = keepEnvironmentMailboxes(crm.server.db, [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://ops%40riverside.test:pw@imap.riverside.test/INBOX?visibility=metadata")]);
    expect((await call("GET")).body).toMatchObject([{ username: "ops@riverside.test", source: "environment", visibility: "metadata", folders: ["INBOX"] }]);
    expect(await call("PATCH", `/${fromEnvironment!.id}`, { visibility: "everything" })).toMatchObject({ status: 409, body: { message: "This mailbox is set by the environment (CRM_MAIL_IMAP…): change it there" } });
    expect((await call("DELETE", `/${fromEnvironment!.id}`)).status).toBe(409);
  });

  test("Sync now starts a reading in the background and answers 202 at once; the list says it is under way until it ends, and counts each mailbox's messages", async () => {
    const [sales] = keepEnvironmentMailboxes(crm.server.db, [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://sales%40riverside.test:pw@imap.riverside.test/INBOX,Sent")]);
    await call("POST", "", { host: "imap.riverside.test", username: "kim@riverside.test", secret: "pw" });
    expect((await call("GET")).body).toMatchObject([
      { username: "sales@riverside.test", messageCount: 0, syncing: false },
      { username: "kim@riverside.test", messageCount: 0, syncing: false },
    ]);
    expect(await call("POST", "/sync")).toMatchObject({ status: 202, body: { message: SYNC_STARTED_MESSAGE } });
    expect((await call("GET")).body.map((mailbox: { syncing: boolean }) => mailbox.syncing)).toEqual([true, true]);

    // The reading keeps two messages of sales@, one of them found in both its folders, and ends.
    const message = (id: string) => readReceivedMessage(new TextEncoder().encode([`From: pat@acme-labs.test`, "To: sales@riverside.test", "Subject: Quote", `Message-ID: <${id}@acme-labs.test>`, "Date: Mon, 02 Mar 2026 15:00:00 +0000", "", "Hello", ""].join("\r\n")), new Date());
    const [first, second] = [await message("a"), await message("b")];
    const batch = { mailboxId: sales!.id, uidValidity: 1, team: teamAddresses(crm.server.db), actor: COMMAND_LINE };
    storeMessageBatch(crm.server.db, { ...batch, folder: "INBOX", lastUid: 2, messages: [{ uid: 1, message: first, attachmentPaths: [] }, { uid: 2, message: second, attachmentPaths: [] }] });
    storeMessageBatch(crm.server.db, { ...batch, folder: "Sent", lastUid: 1, messages: [{ uid: 1, message: first, attachmentPaths: [] }] });
    crm.server.mailSync.reading = false;
    expect((await call("GET")).body).toMatchObject([
      { username: "sales@riverside.test", messageCount: 2, syncing: false },
      { username: "kim@riverside.test", messageCount: 0, syncing: false },
    ]);
  });
});

describe("Settings → E-mail as a sales rep", () => {
  const crm = useTestServer({ signInAs: "sales" });
  test("is refused with 403", async () => {
    for (const [method, path] of [["GET", ""], ["POST", ""], ["POST", "/sync"], ["PATCH", "/1"], ["DELETE", "/1"]] as const) {
      const answer = await crm.server.request(method, `/api/settings/mailboxes${path}`, { cookie: crm.cookie, body: method === "POST" || method === "PATCH" ? { host: "x.test", username: "u", secret: "s" } : undefined });
      expect(answer.status).toBe(403);
    }
  });
});
