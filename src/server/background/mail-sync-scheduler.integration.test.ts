import { afterEach, beforeEach, expect, test } from "bun:test";
import { mailMessages } from "../../core/database/schema.ts";
import { startImapServer, type ImapTestServer } from "../../testing/imap-server.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { startMailSyncScheduler } from "./mail-sync-scheduler.ts";

let server: ImapTestServer;
let database: ReturnType<typeof temporaryDatabase>;
beforeEach(async () => {
  server = await startImapServer();
  database = temporaryDatabase();
});
afterEach(async () => {
  database.dispose();
  await server.dispose();
});

/** Waits for the database to hold what `done` checks, looking every 50 ms, failing after `withinMs`. */
async function until(done: () => boolean, what: string, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Not within ${withinMs / 1000} s: ${what}`);
    await Bun.sleep(50);
  }
}
const storedIds = () => database.db.select().from(mailMessages).all().map((row) => row.messageId);

const message = (id: string) => [`From: pat@acme-labs.test`, "To: sales@riverside.test", `Subject: Order ${id}`, `Message-ID: <${id}@mail.test>`, "", "Hello.", ""].join("\r\n");

test("the server reads the mailboxes as it starts, logging what came and what failed", async () => {
  await server.append("sales@riverside.test", message("s1"));
  const lines: string[] = [];
  const env = { CRM_MAIL_IMAP: server.urlFor("sales@riverside.test"), CRM_MAIL_IMAP_1: server.urlFor("ops@riverside.test").replace(`:${server.password}@`, ":wrong@") };
  const scheduler = startMailSyncScheduler(database.db, database.dataDir, env, { log: (line) => lines.push(line) });
  try {
    await scheduler.reading();
    expect(database.db.select().from(mailMessages).all().map((row) => row.messageId)).toEqual(["<s1@mail.test>"]);
    expect(lines.map((line) => line.replace(/^\S+ /, ""))).toEqual([
      "mail: 1 new message from sales@riverside.test on 127.0.0.1",
      `mail: The mail server refused the sign-in of ops@riverside.test on 127.0.0.1:${server.port}: check the user and password`,
    ]);
  } finally {
    await scheduler.stop();
  }
});

test("Sync now reads the mailboxes again at once, not five minutes later", async () => {
  await server.append("sales@riverside.test", message("n1"));
  const scheduler = startMailSyncScheduler(database.db, database.dataDir, { CRM_MAIL_IMAP: server.urlFor("sales@riverside.test") }, { log: () => {} });
  try {
    await scheduler.reading();
    await server.append("sales@riverside.test", message("n2"));
    scheduler.syncNow();
    await scheduler.reading();
    expect(database.db.select().from(mailMessages).all().map((row) => row.messageId)).toEqual(["<n1@mail.test>", "<n2@mail.test>"]);
  } finally {
    await scheduler.stop();
  }
});

test("with IDLE, mail that comes to the INBOX is read within seconds, without a sync asked for; after the server comes back too", async () => {
  await server.append("sales@riverside.test", message("i1"));
  const lines: string[] = [];
  const scheduler = startMailSyncScheduler(database.db, database.dataDir, { CRM_MAIL_IMAP: server.urlFor("sales@riverside.test") }, { log: (line) => lines.push(line) });
  try {
    await scheduler.watching();
    expect(storedIds()).toEqual(["<i1@mail.test>"]);

    await server.append("sales@riverside.test", message("i2"));
    await until(() => storedIds().includes("<i2@mail.test>"), "the message appended is stored");

    // The server goes away: the watch opens its connection again once it is back, and reads what came meanwhile.
    await server.stop();
    await server.start();
    await server.append("sales@riverside.test", message("i3"));
    await until(() => storedIds().includes("<i3@mail.test>"), "the message appended after the server came back is stored");
    expect(storedIds()).toEqual(["<i1@mail.test>", "<i2@mail.test>", "<i3@mail.test>"]);
    expect(lines.map((line) => line.replace(/^\S+ /, ""))).toContain("mail: 1 new message from sales@riverside.test on 127.0.0.1");
    expect(lines.some((line) => line.includes("watching the INBOX of sales@riverside.test on 127.0.0.1 for new mail stopped"))).toBe(true);
  } finally {
    await scheduler.stop();
  }
});
