import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { listAuditTrail } from "../audit/audit-trail.ts";
import { COMMAND_LINE, type Actor } from "../changes/actor.ts";
import { createMailer, type Mailer } from "../outgoing-mail/send-mail.ts";
import { readMailSettings } from "../outgoing-mail/mail-settings.ts";
import { setPasswordByLink } from "../auth/password-links.ts";
import { signIn } from "../auth/sign-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { setPasswordLinkIn, startSmtpCatcher, type SmtpCatcher } from "../../testing/smtp-catcher.ts";
import { inviteUser } from "./invitations.ts";

const ADMIN: Actor = { userId: null, name: "Ann Admin", source: "user" };
const NEWCOMER = { name: "Sam Newcomer", email: "Sam@Example.com", role: "sales" };

describe("inviting a user", () => {
  let smtp: SmtpCatcher;
  let mailer: Mailer;
  let database: ReturnType<typeof temporaryDatabase>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    mailer = createMailer(readMailSettings({ CRM_MAIL_SMTP: smtp.url })!);
  });
  afterAll(() => smtp.stop());
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("with e-mail: the invitation names the sign-in page and the e-mail, and links to choosing a first password; no password is shown", async () => {
    const invitation = await inviteUser(database.db, NEWCOMER, ADMIN, { mailer, baseUrl: "https://crm.example.com" });
    expect(invitation).toMatchObject({ password: null, invitationSentTo: "sam@example.com", mailFailure: null, user: { email: "sam@example.com", mustChangePassword: true } });
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ to: ["sam@example.com"], subject: "You are invited to Supply CRM" });
    expect(mail.text).toContain("Hello Sam Newcomer,");
    expect(mail.text).toContain("Ann Admin invited you to Supply CRM.");
    expect(mail.text).toContain("within 7 days");
    expect(mail.text).toContain("Then sign in at https://crm.example.com/ with this e-mail address, sam@example.com.");
    const link = setPasswordLinkIn(mail);
    expect(link).toStartWith("https://crm.example.com/set-password#token=");
    expect(listAuditTrail(database.db, { limit: 2 }).entries.map((entry) => entry.summary)).toEqual([
      "E-mailed a link to choose a password to Sam Newcomer",
      "Added user Sam Newcomer",
    ]);

    // The link lets them choose their password, which also ends the one-time password nobody saw.
    await setPasswordByLink(database.db, new URL(link).hash.slice("#token=".length), "my first own password");
    const { user } = await signIn(database.db, { email: "sam@example.com", password: "my first own password", clientAddress: "10.0.0.1" });
    expect(user.mustChangePassword).toBe(false);
  });

  test("a name cannot add markup to the invitation's HTML", async () => {
    await inviteUser(database.db, { ...NEWCOMER, name: "<b>Sam</b> & co" }, ADMIN, { mailer, baseUrl: "https://crm.example.com" });
    const mail = await smtp.nextMail();
    expect(mail.html).toContain("Hello &lt;b&gt;Sam&lt;/b&gt; &amp; co,");
    expect(mail.html).not.toContain("<b>Sam</b>");
  });

  test("without e-mail, or without the CRM's address, the administrator gets the one-time password as before", async () => {
    const before = smtp.received.length;
    const byHand = await inviteUser(database.db, NEWCOMER, COMMAND_LINE, { mailer: null, baseUrl: "https://crm.example.com" });
    expect(byHand).toMatchObject({ invitationSentTo: null, mailFailure: null, user: { mustChangePassword: true } });
    expect(byHand.password).toEqual(expect.any(String));
    const noAddress = await inviteUser(database.db, { ...NEWCOMER, email: "lee@example.com" }, COMMAND_LINE, { mailer, baseUrl: null });
    expect(noAddress.password).toEqual(expect.any(String));
    expect(smtp.received.length).toBe(before);
  });

  test("when the e-mail cannot be sent, the user is still added and the administrator gets the one-time password and why", async () => {
    const refused = createMailer(readMailSettings({ CRM_MAIL_SMTP: smtp.url.replace(/:[^:@]+@/, ":wrong@") })!);
    const invitation = await inviteUser(database.db, NEWCOMER, ADMIN, { mailer: refused, baseUrl: "https://crm.example.com" });
    expect(invitation.invitationSentTo).toBeNull();
    expect(invitation.mailFailure).toStartWith("The invitation e-mail could not be sent (Invalid login");
    const { user } = await signIn(database.db, { email: "sam@example.com", password: invitation.password!, clientAddress: "10.0.0.1" });
    expect(user.mustChangePassword).toBe(true);
  });
});
