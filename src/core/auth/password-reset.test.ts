import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import { passwordLinks } from "../database/schema.ts";
import { listAuditTrail } from "../audit/audit-trail.ts";
import { createUser } from "../users/users.ts";
import { setUserActive } from "../team/team.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { createMailer, type Mailer } from "../outgoing-mail/send-mail.ts";
import { readMailSettings } from "../outgoing-mail/mail-settings.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { setPasswordLinkIn, startSmtpCatcher, type SmtpCatcher } from "../../testing/smtp-catcher.ts";
import { NO_PASSWORD_RESET_BY_EMAIL_MESSAGE, PASSWORD_RESET_REQUESTS_PER_ADDRESS, PASSWORD_RESET_REQUESTS_PER_EMAIL, PASSWORD_RESET_WINDOW_MS, requestPasswordReset } from "./password-reset.ts";
import { PASSWORD_RESET_LINK_LIFETIME_MS, UNUSABLE_LINK_MESSAGE, setPasswordByLink } from "./password-links.ts";
import { resolveSession } from "./sessions.ts";
import { signIn } from "./sign-in.ts";

const BASE_URL = "https://crm.example.com";
const OLD_PASSWORD = "the old passphrase";
const NEW_PASSWORD = "a brand new passphrase";

describe("'Forgot password?': requesting a link and choosing a password with it", () => {
  let smtp: SmtpCatcher;
  let mailer: Mailer;
  let database: ReturnType<typeof temporaryDatabase>;
  let patId: number;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    mailer = createMailer(readMailSettings({ CRM_MAIL_SMTP: smtp.url, CRM_MAIL_FROM: "Supply CRM <crm@example.com>" })!);
  });
  afterAll(() => smtp.stop());
  beforeEach(async () => {
    database = temporaryDatabase();
    patId = (await createUser(database.db, { email: "pat@example.com", name: "Pat Lee", role: "sales", password: OLD_PASSWORD })).user.id;
  });
  afterEach(() => database.dispose());

  const ask = (email: string, options: { clientAddress?: string; now?: Date } = {}) =>
    requestPasswordReset(database.db, mailer, { email, clientAddress: options.clientAddress ?? "10.0.0.9", baseUrl: BASE_URL }, options.now);

  /** Asks for Pat's link and returns its token, read from the e-mail the SMTP server received. */
  async function tokenFromEmail(options: { now?: Date } = {}): Promise<string> {
    const { delivery } = ask(" Pat@Example.com ", options);
    await delivery;
    return new URL(setPasswordLinkIn(await smtp.nextMail())).hash.slice("#token=".length);
  }

  function refusal(work: () => unknown): { kind: string; field?: string; message: string } {
    try {
      work();
    } catch (error) {
      if (error instanceof DomainError) return { kind: error.kind, field: error.field, message: error.message };
      throw error;
    }
    throw new Error("expected a refusal");
  }

  async function asyncRefusal(work: Promise<unknown>): Promise<{ field?: string; message: string }> {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return { field: error.field, message: error.message };
  }

  test("a user's e-mail gets a link to the set-password screen, which says how long it works and what to do if it was not them", async () => {
    const { delivery } = ask("pat@example.com");
    expect(delivery).not.toBeNull();
    await delivery;
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ from: "crm@example.com", to: ["pat@example.com"], subject: "Reset your Supply CRM password" });
    expect(mail.text).toContain("Hello Pat Lee,");
    expect(mail.text).toContain("within an hour");
    expect(mail.text).toContain("If you did not ask, ignore this e-mail");
    const link = setPasswordLinkIn(mail);
    expect(link).toMatch(/^https:\/\/crm\.example\.com\/set-password#token=[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`<a href="${link}">`);
    // The audit trail says the link went out, to whom, and from which address it was asked.
    expect(listAuditTrail(database.db, { limit: 1 }).entries[0]).toMatchObject({
      entity: "user",
      entityId: patId,
      action: "password_link_sent",
      actorName: "Password reset asked from 10.0.0.9",
      summary: "E-mailed a link to choose a password to Pat Lee",
    });
  });

  test("an unknown or deactivated user's e-mail is answered alike, and nothing is made or sent", async () => {
    const before = smtp.received.length;
    expect(ask("nobody@example.com")).toEqual({ delivery: null });
    setUserActive(database.db, patId, false, COMMAND_LINE);
    expect(ask("pat@example.com")).toEqual({ delivery: null });
    expect(database.db.select().from(passwordLinks).all()).toEqual([]);

    // Once Pat is active again the link goes out: the one e-mail of this test, so none went before it.
    setUserActive(database.db, patId, true, COMMAND_LINE);
    await ask("pat@example.com").delivery;
    expect((await smtp.nextMail()).to).toEqual(["pat@example.com"]);
    expect(smtp.received.length - before).toBe(1);
  });

  test("only the secret's hash is stored: the database holds nothing of the e-mailed token", async () => {
    const token = await tokenFromEmail();
    const [id, secret] = token.split(".");
    const rows = database.db.select().from(passwordLinks).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(Number(id));
    expect(rows[0]!.secretHash).toBe(new Bun.CryptoHasher("sha256").update(secret!).digest("hex"));
    const stored = new TextDecoder("latin1").decode(await Bun.file(`${database.dataDir}/crm.db`).arrayBuffer());
    expect(stored).not.toContain(secret);
  });

  test("the link sets the password once, ends every session of the user, and the audit trail says so", async () => {
    const session = await signIn(database.db, { email: "pat@example.com", password: OLD_PASSWORD, clientAddress: "10.0.0.1" });
    const token = await tokenFromEmail();
    const user = await setPasswordByLink(database.db, token, NEW_PASSWORD);
    expect(user).toMatchObject({ id: patId, mustChangePassword: false });
    expect(resolveSession(database.db, session.token)).toBeNull();
    expect((await signIn(database.db, { email: "pat@example.com", password: NEW_PASSWORD, clientAddress: "10.0.0.1" })).user.id).toBe(patId);
    await expect(signIn(database.db, { email: "pat@example.com", password: OLD_PASSWORD, clientAddress: "10.0.0.1" })).rejects.toThrow();
    expect(listAuditTrail(database.db, { limit: 10 }).entries.find((entry) => entry.action === "password_set_by_link")).toMatchObject({
      entityId: patId,
      actorName: "Pat Lee",
      changes: [{ field: "password", old: "••••", new: "••••" }],
    });
    // Used once: the same link is refused afterwards.
    expect(await asyncRefusal(setPasswordByLink(database.db, token, "yet another passphrase"))).toEqual({ field: "token", message: UNUSABLE_LINK_MESSAGE });
  });

  test("a link works within the hour only, and only the latest of a user's links works", async () => {
    const asked = new Date();
    const first = await tokenFromEmail({ now: asked });
    const latest = await tokenFromEmail({ now: asked });
    expect(await asyncRefusal(setPasswordByLink(database.db, first, NEW_PASSWORD))).toEqual({ field: "token", message: UNUSABLE_LINK_MESSAGE });
    const expiry = new Date(asked.getTime() + PASSWORD_RESET_LINK_LIFETIME_MS);
    expect(await asyncRefusal(setPasswordByLink(database.db, latest, NEW_PASSWORD, expiry))).toEqual({ field: "token", message: UNUSABLE_LINK_MESSAGE });
    expect((await setPasswordByLink(database.db, latest, NEW_PASSWORD, new Date(expiry.getTime() - 1))).id).toBe(patId);
  });

  test("a wrong, malformed or guessed token is refused like a used one; a deactivated user's link no longer works", async () => {
    const token = await tokenFromEmail();
    const [id, secret] = token.split(".");
    const otherSecret = `${secret!.slice(0, -1)}${secret!.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [`${id}.${otherSecret}`, `${Number(id) + 1}.${secret}`, secret!, "", "1.x", `${id}.${secret}x`]) {
      expect(await asyncRefusal(setPasswordByLink(database.db, wrong, NEW_PASSWORD))).toEqual({ field: "token", message: UNUSABLE_LINK_MESSAGE });
    }
    setUserActive(database.db, patId, false, COMMAND_LINE);
    expect(await asyncRefusal(setPasswordByLink(database.db, token, NEW_PASSWORD))).toEqual({ field: "token", message: UNUSABLE_LINK_MESSAGE });
  });

  test("the new password is held to the password rules, named newPassword, and a refused one leaves the link usable", async () => {
    const token = await tokenFromEmail();
    expect(await asyncRefusal(setPasswordByLink(database.db, token, "short"))).toMatchObject({ field: "newPassword" });
    expect(await asyncRefusal(setPasswordByLink(database.db, token, "pat@example.com"))).toMatchObject({ field: "newPassword" });
    expect((await setPasswordByLink(database.db, token, NEW_PASSWORD)).id).toBe(patId);
  });

  test("asking too often is refused alike for any e-mail, per e-mail and per address, until the window moves on", () => {
    const now = new Date();
    for (let asked = 0; asked < PASSWORD_RESET_REQUESTS_PER_EMAIL; asked++) ask("nobody@example.com", { now, clientAddress: `10.1.0.${asked}` });
    const tooMany = refusal(() => ask("nobody@example.com", { now, clientAddress: "10.1.1.1" }));
    expect(tooMany).toEqual({ kind: "throttled", field: undefined, message: "Too many password reset requests. Try again in 60 minutes." });
    // Another e-mail from another address is not held back; the first is again once the window has moved on.
    expect(ask("someone@example.com", { now, clientAddress: "10.1.1.1" })).toEqual({ delivery: null });
    expect(ask("nobody@example.com", { now: new Date(now.getTime() + PASSWORD_RESET_WINDOW_MS), clientAddress: "10.1.1.1" })).toEqual({ delivery: null });

    const later = new Date(now.getTime() + 3 * PASSWORD_RESET_WINDOW_MS);
    for (let asked = 0; asked < PASSWORD_RESET_REQUESTS_PER_ADDRESS; asked++) ask(`walker-${asked}@example.com`, { now: later, clientAddress: "10.2.0.1" });
    expect(refusal(() => ask("walker-last@example.com", { now: later, clientAddress: "10.2.0.1" })).kind).toBe("throttled");
  });

  test("without an SMTP server nothing can be sent, and asking says to ask an administrator", () => {
    expect(refusal(() => requestPasswordReset(database.db, null, { email: "pat@example.com", clientAddress: "10.0.0.9", baseUrl: BASE_URL }))).toEqual({
      kind: "unavailable",
      field: undefined,
      message: NO_PASSWORD_RESET_BY_EMAIL_MESSAGE,
    });
  });
});
