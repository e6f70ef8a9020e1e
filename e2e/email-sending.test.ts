import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { startImapServer, type ImapTestServer } from "../src/testing/imap-server.ts";
import { setPasswordLinkIn, SMTP_CATCHER_REFUSED_DOMAIN, startSmtpCatcher, type SmtpCatcher } from "../src/testing/smtp-catcher.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { animationsFinished, expectNoSidewaysScroll } from "./support/layout.ts";
import { importCustomer, syncMailbox } from "./support/mail.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount } from "./support/wait.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = "pat@acme-labs.test";
const MAILBOX = "sales@riverside.test";
const SAM = { email: "sam@example.com", name: "Sam Seller" };

/**
 * Issue #34: staff write to a customer from its account and reply in its threads, through a real SMTP
 * server (smtp-server on loopback) from dist/crm; the customer's answer and the CRM's Sent folder are read
 * back from a real IMAP server (Dovecot) by `crm mail sync`, the sent message kept once. And an
 * administrator's "Reset password" e-mails a link rather than showing a password. At 1440 and 390 px.
 */
describe("sending e-mail from the CRM", () => {
  let smtp: SmtpCatcher;
  let imap: ImapTestServer;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    imap = await startImapServer();
  });
  afterAll(async () => {
    await smtp?.stop();
    imap?.dispose();
  });
  const running = useCrmAndBrowser(() => ({ CRM_MAIL_SMTP: smtp.url, CRM_MAIL_FROM: "Riverside Sales <crm@example.com>" }));

  let accountId: number;
  beforeAll(async () => {
    accountId = await importCustomer(running.crm, CUSTOMER, { "Ship To - Company": "Acme Labs", "Ship To - Name": "Pat Buyer" });
    await runCrm(running.crm, ["user", "add", "--email", SAM.email, "--name", SAM.name, "--role", "sales"]);
  });

  async function emailsTab(page: Page): Promise<void> {
    await page.goto(`${running.crm.url}/accounts/${accountId}`);
    await page.getByTestId("activity-tab-emails").click();
  }

  test("at 1440 px: a new e-mail to the account, the customer's answer read back once with the Sent folder, and a reply threaded for their mail program", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(DESKTOP);
    await emailsTab(page);
    await page.getByTestId("emails-empty").waitFor();
    await page.getByTestId("new-email-button").click();
    const compose = page.getByTestId("compose-email-modal");
    expect(await compose.getByTestId("compose-email-to").inputValue()).toBe(CUSTOMER);
    await compose.getByTestId("compose-email-cc").fill("ops@acme-labs.test");
    await compose.getByTestId("compose-email-subject").fill("Quote for 40 cases");
    await compose.getByTestId("compose-email-text").fill("Hello Pat,\n\n40 cases come to $1,840, delivered by the 20th.\n\nRiverside");
    await animationsFinished(page);
    await screenshot(page, "email-compose-1440");
    await compose.getByTestId("compose-email-send").click();
    await page.getByTestId("toast").filter({ hasText: `Sent to ${CUSTOMER}, ops@acme-labs.test.` }).waitFor();
    const dialog = page.getByTestId("email-thread-dialog");
    await waitForCount(dialog.getByTestId("email-message"), 1);
    expect(await dialog.getByTestId("email-message-text").innerText()).toContain("40 cases come to $1,840");
    await animationsFinished(page);
    await screenshot(page, "email-sent-thread-1440");

    const sent = await smtp.nextMail();
    expect(sent).toMatchObject({ from: "crm@example.com", to: [CUSTOMER], cc: ["ops@acme-labs.test"], subject: "Quote for 40 cases" });

    // The mailbox's Sent folder holds the message too, and Pat answers it.
    await imap.append(MAILBOX, sent.source, "Sent");
    await imap.append(
      MAILBOX,
      [
        `From: Pat Buyer <${CUSTOMER}>`,
        "To: Riverside Sales <crm@example.com>",
        "Subject: Re: Quote for 40 cases",
        `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
        "Message-ID: <answer@acme-labs.test>",
        `In-Reply-To: ${sent.messageId}`,
        `References: ${sent.messageId}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Deal. Can you ship on Friday?",
        "",
      ].join("\r\n"),
    );
    await syncMailbox(running.crm, imap, MAILBOX);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.reload();
    await page.getByTestId("activity-tab-emails").click();
    await waitForCount(page.getByTestId("email-thread"), 1);
    expect(await page.getByTestId("email-thread-subject").innerText()).toBe("Quote for 40 cases(2)");
    await animationsFinished(page);
    await screenshot(page, "emails-tab-after-sending-1440");

    await page.getByTestId("email-thread").click();
    await waitForCount(dialog.getByTestId("email-message"), 2);
    await dialog.getByTestId("email-reply-button").click();
    const reply = page.getByTestId("compose-email-modal");
    await reply.getByTestId("reply-addressee").getByText(`Pat Buyer <${CUSTOMER}>`).waitFor();
    expect(await reply.getByTestId("reply-addressee").innerText()).toContain("Re: Quote for 40 cases");
    await reply.getByTestId("compose-email-text").fill("Friday it is. The truck leaves at 9.");
    // A Cc the SMTP server refuses: the reply goes to Pat, and the toast says who did not get it.
    await reply.getByTestId("compose-email-cc").fill(`dock@${SMTP_CATCHER_REFUSED_DOMAIN}`);
    await animationsFinished(page);
    await screenshot(page, "email-reply-1440");
    await reply.getByTestId("compose-email-send").click();
    await page.getByTestId("toast").filter({ hasText: `Sent to ${CUSTOMER}. Not to dock@${SMTP_CATCHER_REFUSED_DOMAIN}: the mail server refused that address.` }).waitFor();
    await waitForCount(dialog.getByTestId("email-message"), 3);
    await animationsFinished(page);
    await screenshot(page, "email-replied-thread-1440");

    const answered = await smtp.nextMail();
    expect(answered).toMatchObject({ envelopeTo: [CUSTOMER], to: [CUSTOMER], subject: "Re: Quote for 40 cases", inReplyTo: "<answer@acme-labs.test>" });
    expect(answered.references.split(/\s+/)).toEqual([sent.messageId, "<answer@acme-labs.test>"]);
    await page.close();
  });

  test("at 390 px: the tab, a new e-mail and a reply fit the phone", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(PHONE);
    await emailsTab(page);
    await waitForCount(page.getByTestId("email-thread"), 1);
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    await screenshot(page, "emails-tab-sending-390");
    await page.getByTestId("new-email-button").click();
    await page.getByTestId("compose-email-subject").fill("Samples");
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    await screenshot(page, "email-compose-390", { fullPage: false });
    await page.getByTestId("compose-email-modal").getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("email-thread").click();
    await page.getByTestId("email-reply-button").click();
    await page.getByTestId("reply-addressee").getByText(`Pat Buyer <${CUSTOMER}>`).waitFor();
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    await screenshot(page, "email-reply-390", { fullPage: false });
    await page.close();
  });

  test("an administrator's 'Reset password' e-mails the team member a link, and shows no password", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${running.crm.url}/settings`);
    const row = page.getByTestId("team-member-row").filter({ hasText: SAM.email });
    await row.getByTestId("team-member-actions-button").click();
    await page.getByTestId("team-reset-password-item").click();
    const confirm = page.getByTestId("reset-password-dialog");
    await confirm.getByText("They get an e-mail with a link to choose a new one.", { exact: false }).waitFor();
    await animationsFinished(page);
    await screenshot(page, "team-reset-by-email-confirm-1440");
    await confirm.getByRole("button", { name: "Reset Password" }).click();
    await page.getByTestId("toast").filter({ hasText: `a link to choose a new password was e-mailed to ${SAM.email}` }).waitFor();
    expect(await page.getByTestId("one-time-password-dialog").count()).toBe(0);
    await animationsFinished(page);
    await screenshot(page, "team-reset-by-email-sent-1440");

    const mail = await smtp.nextMail();
    expect(mail).toMatchObject({ to: [SAM.email], subject: "Choose a new Supply CRM password" });
    expect(setPasswordLinkIn(mail)).toStartWith(`${running.crm.url}/set-password#token=`);

    await page.setViewportSize(PHONE);
    await row.getByTestId("team-member-actions-button").click();
    await page.getByTestId("team-reset-password-item").click();
    await page.getByTestId("reset-password-dialog").getByText("They get an e-mail with a link to choose a new one.", { exact: false }).waitFor();
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    await screenshot(page, "team-reset-by-email-confirm-390", { fullPage: false });
    await page.close();
  });
});
