import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { startImapServer, type ImapTestServer } from "../../testing/imap-server.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

const message = (id: string, from = "pat@acme-labs.test") =>
  [`From: ${from}`, "To: sales@riverside.test", `Subject: Order ${id}`, "Date: Mon, 02 Mar 2026 15:00:00 +0000", `Message-ID: <${id}@mail.test>`, "", `About ${id}.`, ""].join("\r\n");

describe("crm mail sync", () => {
  let server: ImapTestServer;
  beforeAll(async () => {
    server = await startImapServer();
  });
  afterAll(async () => {
    await server.dispose();
  });
  const dataDir = useTemporaryDirectory("crm-cli-");

  const crm = (env: Record<string, string>, ...args: string[]) => runCrm(["mail", "sync", ...args, "--data-dir", dataDir.path], { env });

  test("reads the environment's mailbox and prints what each folder brought; the next run brings only what is new", async () => {
    await server.append("cli@riverside.test", message("c1"));
    await server.append("cli@riverside.test", message("c2"));
    await server.append("cli@riverside.test", message("c3", "no-reply@acme-labs.test"));
    const env = { CRM_MAIL_IMAP: server.urlFor("cli@riverside.test", "INBOX,Sent") };

    const first = await crm(env);
    expect(first.stderr).toBe("");
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/cli@riverside\.test on 127\.0\.0\.1 │ INBOX\s+│ 2\s+│ 0\s+│ 1\s+│/);
    expect(first.stdout).toMatch(/│ Sent\s+│ 0\s+│ 0\s+│ 0\s+│ not on the server/);

    await server.append("cli@riverside.test", message("c4"));
    const second = await crm(env, "--json");
    expect(second.exitCode).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual([
      {
        mailbox: "cli@riverside.test on 127.0.0.1",
        folders: [
          { folder: "INBOX", stored: 1, alreadyKept: 0, skipped: 0, restarted: false, missing: false },
          { folder: "Sent", stored: 0, alreadyKept: 0, skipped: 0, restarted: false, missing: true },
        ],
        error: null,
      },
    ]);
  });

  test("a refused sign-in is one line on stderr and exit code 1; the other mailboxes are read", async () => {
    await server.append("second@riverside.test", message("d1"));
    const refused = server.urlFor("first@riverside.test").replace(`:${server.password}@`, ":wrong-password@");
    // The refused one last: after a refusal Dovecot makes the next sign-in from the same address wait.
    const run = await crm({ CRM_MAIL_IMAP: server.urlFor("second@riverside.test"), CRM_MAIL_IMAP_1: refused });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toBe(`crm: The mail server refused the sign-in of first@riverside.test on 127.0.0.1:${server.port}: check the user and password\n`);
    expect(run.stdout).toMatch(/second@riverside\.test on 127\.0\.0\.1 │ INBOX\s+│ 1\s+│/);
  });

  test("a mistake in the environment names its variable; no mailbox at all says how to set one up", async () => {
    const mistaken = await crm({ CRM_MAIL_IMAP_2: "imaps://imap.riverside.test/INBOX" });
    expect(mistaken.exitCode).toBe(1);
    expect(mistaken.stderr).toBe("crm: CRM_MAIL_IMAP_2 needs the user and password before the server (user:password@host) (expected imaps://user:password@host:993/INBOX,Sent)\n");

    const none = await crm({});
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toBe("crm: no mailbox is set up: add one in Settings → E-mail or set CRM_MAIL_IMAP=imaps://user:password@host:993/INBOX,Sent\n");
  });
});
