import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SMTP_CATCHER_USER, startSmtpCatcher, type SmtpCatcher } from "../../testing/smtp-catcher.ts";
import { readMailSettings } from "./mail-settings.ts";
import { createMailer } from "./send-mail.ts";

describe("sendMail, through a real SMTP server on loopback", () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.stop());

  test("signs in with the URL's user and password and delivers the message, text and HTML, from CRM_MAIL_FROM", async () => {
    const mailer = createMailer(readMailSettings({ CRM_MAIL_SMTP: smtp.url, CRM_MAIL_FROM: "Supply CRM <crm@example.com>" })!);
    await mailer.sendMail({ to: "pat@example.com", subject: "Hello", text: "Plain words", html: "<p>Plain words</p>" });
    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ envelopeFrom: "crm@example.com", envelopeTo: ["pat@example.com"], from: "crm@example.com", to: ["pat@example.com"], subject: "Hello" });
    expect(mail.text.trim()).toBe("Plain words");
    expect(mail.html).toContain("<p>Plain words</p>");
  });

  test("the SMTP user is the sender when CRM_MAIL_FROM is not set", async () => {
    await createMailer(readMailSettings({ CRM_MAIL_SMTP: smtp.url })!).sendMail({ to: "pat@example.com", subject: "Default sender", text: "Hi" });
    expect((await smtp.nextMail()).from).toBe(SMTP_CATCHER_USER);
  });

  test("a refused login rejects the sending, and nothing arrives", async () => {
    const count = smtp.received.length;
    const wrongPassword = smtp.url.replace(/:[^:@]+@/, ":wrong@");
    const sending = createMailer(readMailSettings({ CRM_MAIL_SMTP: wrongPassword })!).sendMail({ to: "pat@example.com", subject: "Never", text: "Never" });
    await expect(sending).rejects.toThrow(/Invalid login/);
    expect(smtp.failedLogins()).toBe(1);
    expect(smtp.received.length).toBe(count);
  });
});
