import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { startImapServer, type ImapTestServer } from "../src/testing/imap-server.ts";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { animationsFinished, expectNoSidewaysScroll } from "./support/layout.ts";
import { importCustomer, syncMailbox } from "./support/mail.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = "pat@acme-labs.test";
const DROPBOX = "dropbox@riverside.test";

/**
 * Issue #34, around the Emails tab: Settings → E-mail (the mailboxes, the environment's read-only, one read
 * by "Sync now" and shown read without a reload, one added, edited with its password kept, and removed), the
 * unmatched e-mail read and linked to an account, then that account's Last E-mailed and its e-mail on the
 * timeline, a line opening its thread. At 1440 px and 390 px.
 */
describe("e-mail in Settings, on the account and its timeline", () => {
  let imap: ImapTestServer;
  beforeAll(async () => {
    imap = await startImapServer();
    const mailbox = "sales@riverside.test";
    const mail = (lines: string[], body: string) => [...lines, "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "", body, ""].join("\r\n");
    await imap.append(mailbox, mail([`From: Pat Buyer <${CUSTOMER}>`, "To: Riverside Sales <sales@riverside.test>", "Subject: Quote for 40 cases", "Date: Mon, 02 Mar 2026 15:00:00 +0000", "Message-ID: <quote@acme-labs.test>"], "Could you quote 40 cases?"));
    await imap.append(
      mailbox,
      mail(["From: Riverside Sales <sales@riverside.test>", `To: Pat Buyer <${CUSTOMER}>`, "Subject: Re: Quote for 40 cases", "Date: Tue, 03 Mar 2026 14:00:00 +0000", "Message-ID: <answer@riverside.test>", "In-Reply-To: <quote@acme-labs.test>"], "Here it is: $1,840."),
      "Sent",
    );
    // From the customer's colleague, at a free-mail address no account knows: unmatched until staff link it.
    await imap.append(mailbox, mail(["From: Lee Park <lee.park@gmail.com>", "To: sales@riverside.test", "Subject: Price list for Acme's lab", "Date: Wed, 04 Mar 2026 16:30:00 +0000", "Message-ID: <prices@gmail.com>"], "Could you send your price list? I work with Pat at Acme Labs."));
    await imap.append(mailbox, mail(["From: Sam Ortiz <sam.ortiz@yahoo.com>", "To: sales@riverside.test", "Subject: Samples for a new bakery", "Date: Thu, 05 Mar 2026 17:00:00 +0000", "Message-ID: <samples@yahoo.com>"], "We open in May on Main Street. Could you send samples of your flours?"));
    // A copy of Pat's first message in the dropbox Kim copies customers' mail to: the same message, kept once.
    await imap.append(DROPBOX, mail([`From: Pat Buyer <${CUSTOMER}>`, "To: Riverside Sales <sales@riverside.test>", "Subject: Quote for 40 cases", "Date: Mon, 02 Mar 2026 15:00:00 +0000", "Message-ID: <quote@acme-labs.test>"], "Could you quote 40 cases?"));
  });
  afterAll(() => imap?.dispose());
  const running = useCrmAndBrowser();

  let accountId: number;
  beforeAll(async () => {
    accountId = await importCustomer(running.crm, CUSTOMER, { "Ship To - Company": "Acme Labs" });
    await syncMailbox(running.crm, imap, "sales@riverside.test");
  });

  async function settings(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(viewport);
    await page.goto(`${running.crm.url}/settings`);
    await page.getByTestId("mailboxes-card").waitFor();
    return page;
  }

  test("at 1440 px: the mailboxes, one added, edited and removed; the unmatched thread linked to its account", async () => {
    const page = await settings(DESKTOP);
    // The dropbox, on the test's IMAP server on this machine (plain IMAP, which the form does not offer).
    const dropbox = { name: "Dropbox", host: "127.0.0.1", port: imap.port, secure: false, username: DROPBOX, secret: imap.password };
    expect(await page.evaluate(async (body) => (await fetch("/api/settings/mailboxes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status, dropbox)).toBe(201);
    await page.reload();
    const rows = page.getByTestId("mailbox-row");
    await waitForCount(rows, 2);
    const environment = rows.first();
    expect(await environment.getByTestId("mailbox-name").innerText()).toBe("sales@riverside.test on 127.0.0.1");
    expect(await environment.getByTestId("mailbox-folders").innerText()).toBe("INBOX, Sent");
    expect(await environment.getByTestId("mailbox-sync-state").getAttribute("data-state")).toBe("synced");
    expect(await environment.getByTestId("mailbox-last-sync").innerText()).toStartWith("Last read ");
    await environment.getByTestId("mailbox-environment-note").waitFor();
    expect(await environment.getByTestId("mailbox-edit").count()).toBe(0);
    expect(await rows.nth(1).getByTestId("mailbox-sync-state").getAttribute("data-state")).toBe("never");
    // Read by "Sync now": the row shows it read, and what it kept, without a reload.
    await page.getByTestId("mailbox-sync-now").click();
    await page.getByText("Reading the mailboxes").waitFor();
    await rows.nth(1).locator('[data-testid="mailbox-sync-state"][data-state="synced"]').waitFor();
    expect(await rows.nth(1).getByTestId("mailbox-last-sync").innerText()).toStartWith("Last read ");
    expect(await rows.nth(1).getByTestId("mailbox-message-count").innerText()).toBe("1 message kept");
    expect(await page.getByTestId("mailbox-sync-now").innerText()).toBe("Sync now");

    await page.getByTestId("mailbox-add").click();
    const dialog = page.getByTestId("mailbox-dialog");
    await dialog.getByTestId("mailbox-field-name").fill("Kim's inbox");
    await dialog.getByTestId("mailbox-field-host").fill("imap.riverside.test");
    await dialog.getByTestId("mailbox-field-username").fill("kim@riverside.test");
    await dialog.getByTestId("mailbox-field-secret").fill("kim-app-password");
    await dialog.getByTestId("mailbox-field-visibility").selectOption("subject");
    await dialog.getByTestId("mailbox-save").click();
    await waitForCount(rows, 3);
    const kim = rows.nth(2);
    expect(await kim.getByTestId("mailbox-visibility").innerText()).toBe("Subject too");
    expect(await kim.getByTestId("mailbox-sync-state").getAttribute("data-state")).toBe("never");
    await screenshot(page.getByTestId("mailboxes-card"), "mail-settings-1440");

    // Edited with the password left empty: the saved one stays, and is never shown.
    await kim.getByTestId("mailbox-edit").click();
    expect(await dialog.getByTestId("mailbox-field-secret").inputValue()).toBe("");
    await dialog.getByTestId("mailbox-field-visibility").selectOption("metadata");
    await dialog.getByTestId("mailbox-save").click();
    await waitForText(kim.getByTestId("mailbox-visibility"), "Who and when only");
    const saved = await page.evaluate(async () => (await fetch("/api/settings/mailboxes")).json());
    expect(saved[2]).toMatchObject({ name: "Kim's inbox", visibility: "metadata", secretSet: true });
    expect(JSON.stringify(saved)).not.toContain("kim-app-password");

    await kim.getByTestId("mailbox-remove").click();
    await page.getByTestId("mailbox-remove-dialog").getByRole("button", { name: "Remove mailbox" }).click();
    await waitForCount(rows, 2);

    const unmatched = page.getByTestId("unmatched-email-thread");
    await waitForCount(unmatched, 2);
    expect(await unmatched.getByTestId("unmatched-email-subject").allInnerTexts()).toEqual(["Samples for a new bakery", "Price list for Acme's lab"]);
    await screenshot(page.getByTestId("unmatched-email-card"), "mail-unmatched-1440");

    // Read before it is linked: no Reply, as it has no account to write from; "Link to account" instead.
    await unmatched.nth(1).getByTestId("unmatched-email-read").click();
    const thread = page.getByTestId("email-thread-dialog");
    await waitForCount(thread.getByTestId("email-message"), 1);
    expect(await thread.getByTestId("email-message-from").innerText()).toBe("Lee Park <lee.park@gmail.com>");
    expect(await thread.getByTestId("email-message-text").innerText()).toContain("I work with Pat at Acme Labs.");
    expect(await thread.getByTestId("email-reply-button").count()).toBe(0);
    await animationsFinished(page);
    await screenshot(page, "mail-unmatched-thread-1440", { fullPage: false });
    await thread.getByTestId("email-link-button").click();
    await thread.waitFor({ state: "detached" });
    const link = page.getByTestId("unmatched-email-link-dialog");
    await link.getByTestId("unmatched-email-account-input").fill("Acme");
    await page.getByTestId("unmatched-email-account-option").first().click();
    await link.getByTestId("unmatched-email-link-submit").click();
    await waitForCount(unmatched, 1);
    expect(await unmatched.getByTestId("unmatched-email-subject").innerText()).toBe("Samples for a new bakery");
  });

  async function account(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(viewport);
    await page.goto(`${running.crm.url}/accounts/${accountId}`);
    await page.getByTestId("activity-timeline").waitFor();
    return page;
  }

  test("at 1440 px: Last E-mailed and the e-mail on the timeline, a line opening its thread", async () => {
    const page = await account(DESKTOP);
    // The linked thread's message (4 March, 11:30 New York) is the account's newest.
    await waitForText(page.getByTestId("last-emailed").locator("dd"), "03/04/2026");
    const emails = page.locator('[data-testid="activity-entry"][data-kind^="email_"]');
    await waitForCount(emails, 3);
    expect(await emails.allInnerTexts()).toEqual([
      expect.stringContaining("E-mail from Lee Park: Price list for Acme's lab"),
      expect.stringContaining("E-mail to Pat Buyer: Re: Quote for 40 cases"),
      expect.stringContaining("E-mail from Pat Buyer: Quote for 40 cases"),
    ]);
    await screenshot(page, "mail-account-timeline-1440");
    await emails.nth(1).getByTestId("activity-email-open").click();
    await waitForCount(page.getByTestId("email-thread-dialog").getByTestId("email-message"), 2);
    await screenshot(page, "mail-timeline-thread-1440", { fullPage: false });
    await page.keyboard.press("Escape");
    await page.getByTestId("email-thread-dialog").waitFor({ state: "detached" });
    // The linked thread is the account's now: its Emails tab lists it.
    await page.getByTestId("activity-tab-emails").click();
    await waitForCount(page.getByTestId("email-thread"), 2);
    expect(await page.getByTestId("email-thread-subject").first().innerText()).toBe("Price list for Acme's lab");
  });

  test("at 390 px: the Settings cards and the account's e-mail fit the phone", async () => {
    const page = await settings(PHONE);
    await waitForCount(page.getByTestId("mailbox-row"), 2);
    await expectNoSidewaysScroll(page);
    await screenshot(page.getByTestId("mailboxes-card"), "mail-settings-390");
    const unmatched = page.getByTestId("unmatched-email-thread");
    await waitForCount(unmatched, 1);
    await screenshot(page.getByTestId("unmatched-email-card"), "mail-unmatched-390");
    await unmatched.first().getByTestId("unmatched-email-read").click();
    const thread = page.getByTestId("email-thread-dialog");
    await waitForCount(thread.getByTestId("email-message"), 1);
    await thread.getByTestId("email-link-button").waitFor();
    await expectNoSidewaysScroll(page);
    await animationsFinished(page);
    await screenshot(page, "mail-unmatched-thread-390", { fullPage: false });
    await page.keyboard.press("Escape");
    await thread.waitFor({ state: "detached" });
    const phone = await account(PHONE);
    await waitForText(phone.getByTestId("last-emailed").locator("dd"), "03/04/2026");
    await expectNoSidewaysScroll(phone);
    await screenshot(phone.getByTestId("customer-activity-card"), "mail-account-timeline-390");
  });
});
