import { Database } from "bun:sqlite";
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { setPasswordLinkIn, startSmtpCatcher } from "../../testing/smtp-catcher.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm user and crm migrate", () => {
  const dataDir = useTemporaryDirectory("crm-cli-");

  const crm = (...args: string[]) => runCrm([...args, "--data-dir", dataDir.path]);
  /** Whether the user must replace their password at sign-in, as the database says. */
  const mustChangePassword = (email: string) => {
    const database = new Database(path.join(dataDir.path, "crm.db"), { readonly: true });
    try {
      return database.query<{ flag: number }, [string]>("SELECT must_change_password AS flag FROM users WHERE email = ?").get(email)?.flag === 1;
    } finally {
      database.close();
    }
  };

  test("migrate creates the database, then reports it up to date", async () => {
    expect((await crm("migrate")).stdout).toMatch(/crm\.db: \d+ migration\(s\) applied/);
    expect((await crm("migrate")).stdout).toContain("already up to date");
  });

  test("user add prints a generated password that signs in; user list shows the user in a table", async () => {
    const added = await crm("user", "add", "--email", "Pat@Example.com", "--name", "Pat Lee", "--role", "sales");
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain("Created sales Pat Lee <pat@example.com>");
    expect(added.stdout).toMatch(/Password: [A-Za-z2-9]{16}\nIt is a one-time password: they choose their own when they sign in with it\.\n/);
    expect(mustChangePassword("pat@example.com")).toBe(true);

    const listed = await crm("user", "list");
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toMatch(/│ *1 *│ Pat Lee *│ pat@example\.com *│ sales *│ yes/);
    // For scripts, as the other listing commands: what the table shows, and never a password.
    const asJson = await crm("user", "list", "--json");
    expect(asJson.exitCode).toBe(0);
    expect(JSON.parse(asJson.stdout)).toEqual([{ id: 1, name: "Pat Lee", email: "pat@example.com", role: "sales", active: true, mustChangePassword: true, createdAt: expect.any(String) }]);
  });

  test("user add e-mails the invitation when the CRM sends e-mail, and says so; a wrong mail setting is refused naming it", async () => {
    const smtp = await startSmtpCatcher();
    try {
      const env = { CRM_MAIL_SMTP: smtp.url, CRM_PUBLIC_URL: "https://crm.example.com" };
      const added = await runCrm(["user", "add", "--email", "pat@example.com", "--name", "Pat Lee", "--role", "sales", "--data-dir", dataDir.path], { env });
      expect(added).toMatchObject({ exitCode: 0, stdout: "Created sales Pat Lee <pat@example.com>\nInvitation sent to pat@example.com, with a link to choose their password.\n" });
      const mail = await smtp.nextMail();
      expect(mail.to).toEqual(["pat@example.com"]);
      expect(mail.text).toContain("Command line invited you to Supply CRM.");
      expect(setPasswordLinkIn(mail)).toStartWith("https://crm.example.com/set-password#token=");

      const withoutAddress = await runCrm(["user", "add", "--email", "lee@example.com", "--name", "Lee", "--role", "sales", "--data-dir", dataDir.path], { env: { CRM_MAIL_SMTP: smtp.url } });
      expect(withoutAddress.stdout).toContain("No invitation e-mailed: set CRM_PUBLIC_URL to the address staff open the CRM at, for its link.\nPassword: ");

      const wrong = await runCrm(["user", "add", "--email", "x@example.com", "--name", "X", "--role", "sales", "--data-dir", dataDir.path], { env: { CRM_MAIL_SMTP: "mail.example.com" } });
      expect(wrong).toMatchObject({ exitCode: 1, stderr: expect.stringMatching(/^crm: CRM_MAIL_SMTP /) });
    } finally {
      await smtp.stop();
    }
  });

  test("CRM_DATA_DIR chooses the data directory when --data-dir is absent", async () => {
    await runCrm(["user", "add", "--email", "env@example.com", "--name", "Env", "--role", "admin", "--password", "staff-password-1"], { env: { CRM_DATA_DIR: dataDir.path } });
    expect((await crm("user", "list")).stdout).toContain("env@example.com");
  });

  test("errors are one line on stderr with exit 1; bad usage exits 2", async () => {
    await crm("user", "add", "--email", "pat@example.com", "--name", "Pat", "--role", "sales");
    const duplicate = await crm("user", "add", "--email", "pat@example.com", "--name", "Pat", "--role", "sales");
    expect(duplicate).toMatchObject({ exitCode: 1, stderr: "crm: A user with e-mail pat@example.com already exists\n" });

    const missing = await crm("user", "set-password", "--email", "ghost@example.com");
    expect(missing).toMatchObject({ exitCode: 1, stderr: "crm: No user with e-mail ghost@example.com\n" });

    const badRole = await crm("user", "add", "--email", "x@example.com", "--name", "X", "--role", "owner");
    expect(badRole.exitCode).toBe(2);
    expect(badRole.stderr).toContain("Allowed choices are admin, sales");

    const shortPassword = await crm("user", "add", "--email", "y@example.com", "--name", "Y", "--role", "sales", "--password", "short");
    expect(shortPassword).toMatchObject({ exitCode: 1, stderr: "crm: password must be at least 10 characters\n" });
    const common = await crm("user", "add", "--email", "y@example.com", "--name", "Y", "--role", "sales", "--password", "Password123");
    expect(common).toMatchObject({ exitCode: 1, stderr: "crm: password is one of the most common passwords: choose one that is harder to guess\n" });
  });

  test("user add with --password sets the user's own password, which they need not change", async () => {
    await crm("user", "add", "--email", "pat@example.com", "--name", "Pat", "--role", "sales", "--password", "staff-password-1");
    expect(mustChangePassword("pat@example.com")).toBe(false);
  });

  test("set-password with --password sets exactly that password and prints none; without, a one-time password", async () => {
    await crm("user", "add", "--email", "pat@example.com", "--name", "Pat", "--role", "sales");
    const changed = await crm("user", "set-password", "--email", "pat@example.com", "--password", "brand new secret");
    expect(changed).toMatchObject({ exitCode: 0, stdout: "Password changed for pat@example.com\n" });
    expect(mustChangePassword("pat@example.com")).toBe(false);
    const generated = await crm("user", "set-password", "--email", "pat@example.com");
    expect(generated.stdout).toMatch(/Password: [A-Za-z2-9]{16}\nIt is a one-time password/);
    expect(mustChangePassword("pat@example.com")).toBe(true);
  });

  test("set-role, deactivate and reactivate change the team, and protect the last active administrator", async () => {
    await crm("user", "add", "--email", "boss@example.com", "--name", "Boss", "--role", "admin", "--password", "staff-password-1");
    await crm("user", "add", "--email", "pat@example.com", "--name", "Pat", "--role", "sales", "--password", "staff-password-1");
    expect(await crm("user", "set-role", "--email", "boss@example.com", "--role", "sales")).toMatchObject({
      exitCode: 1,
      stderr: "crm: The last active administrator cannot be demoted\n",
    });
    expect((await crm("user", "set-role", "--email", "pat@example.com", "--role", "admin")).stdout).toBe("pat@example.com is now admin\n");
    expect((await crm("user", "deactivate", "--email", "boss@example.com")).stdout).toBe("boss@example.com is now deactivated\n");
    expect((await crm("user", "list")).stdout).toMatch(/│ *1 *│ Boss *│ boss@example\.com *│ admin *│ no/);
    expect(await crm("user", "deactivate", "--email", "pat@example.com")).toMatchObject({ exitCode: 1, stderr: "crm: The last active administrator cannot be deactivated\n" });
    expect((await crm("user", "reactivate", "--email", "boss@example.com")).stdout).toBe("boss@example.com is now active\n");
    expect((await crm("user", "deactivate", "--email", "ghost@example.com")).stderr).toBe("crm: No user with e-mail ghost@example.com\n");
  });
});
