import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { startImapServer, type ImapTestServer } from "../src/testing/imap-server.ts";
import { screenshot } from "./support/browser.ts";
import { startImageServer, type ImageServer } from "./support/image-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { importCustomer, syncMailbox } from "./support/mail.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText, waitUntil } from "./support/wait.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = "pat@acme-labs.test";

/**
 * Issue #34: a customer's correspondence, read by `crm mail sync` from a real IMAP server (Dovecot on
 * loopback), in the Emails tab of its account: threads newest first, a thread opened to be read, its HTML
 * in a sandboxed frame that loads nothing until staff ask for the sender's images (from an image host on
 * loopback that counts what it is asked), its attachment downloaded; bulk mail left out. At 1440 px and on a phone.
 */
describe("the Emails tab", () => {
  let imap: ImapTestServer;
  let images: ImageServer;
  beforeAll(async () => {
    imap = await startImapServer();
    images = await startImageServer();
    const mailbox = "sales@riverside.test";
    const mail = (lines: string[], body: string[]) => [...lines, "MIME-Version: 1.0", ...body, ""].join("\r\n");
    await imap.append(
      mailbox,
      mail(
        [`From: Pat Buyer <${CUSTOMER}>`, "To: Riverside Sales <sales@riverside.test>", "Subject: Quote for 40 cases", "Date: Mon, 02 Mar 2026 15:00:00 +0000", "Message-ID: <quote@acme-labs.test>"],
        ["Content-Type: text/plain; charset=utf-8", "", "Hello, could you quote 40 cases of the usual, delivered by the 20th?", "", "Pat"],
      ),
    );
    await imap.append(
      mailbox,
      mail(
        ["From: Riverside Sales <sales@riverside.test>", `To: Pat Buyer <${CUSTOMER}>`, "Subject: Re: Quote for 40 cases", "Date: Tue, 03 Mar 2026 14:00:00 +0000", "Message-ID: <answer@riverside.test>", "In-Reply-To: <quote@acme-labs.test>"],
        [
          'Content-Type: multipart/mixed; boundary="b"',
          "",
          "--b",
          "Content-Type: text/html; charset=utf-8",
          "",
          `<p>Hi Pat,</p><p>Here is the quote: <b>$1,840</b> for 40 cases.</p><p style="color: rgb(21, 128, 61); font-size: 16px">Delivered by the 20th.</p><img src="${images.urlOf("logo.png")}" alt="Riverside logo"><script>document.title = "ran"</script><a href="https://riverside.test/terms">Our terms</a>`,
          "--b",
          'Content-Type: application/pdf; name="quote-40-cases.pdf"',
          'Content-Disposition: attachment; filename="quote-40-cases.pdf"',
          "Content-Transfer-Encoding: base64",
          "",
          Buffer.from("%PDF-1.4 quote").toString("base64"),
          "--b--",
        ],
      ),
      "Sent",
    );
    await imap.append(
      mailbox,
      mail(
        [`From: Pat Buyer <${CUSTOMER}>`, "To: sales@riverside.test", "Subject: Reorder for April", "Date: Wed, 01 Apr 2026 13:00:00 +0000", "Message-ID: <reorder@acme-labs.test>"],
        ["Content-Type: text/plain; charset=utf-8", "", "Same as last time, please."],
      ),
    );
    await imap.append(
      mailbox,
      mail(
        ["From: Acme Labs News <news@acme-labs.test>", "To: sales@riverside.test", "Subject: Our spring newsletter", "Date: Thu, 02 Apr 2026 13:00:00 +0000", "Message-ID: <news@acme-labs.test>", "List-Unsubscribe: <https://acme-labs.test/unsubscribe>"],
        ["Content-Type: text/plain", "", "News!"],
      ),
    );
  });
  afterAll(() => {
    imap?.dispose();
    images?.stop();
  });
  const running = useCrmAndBrowser();

  let accountId: number;
  beforeAll(async () => {
    accountId = await importCustomer(running.crm, CUSTOMER, { "Ship To - Company": "Acme Labs" });
    await syncMailbox(running.crm, imap, "sales@riverside.test");
  });

  async function emailsTab(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, undefined, { ignoreHTTPSErrors: true });
    await page.setViewportSize(viewport);
    await page.goto(`${running.crm.url}/accounts/${accountId}`);
    await page.getByTestId("activity-tab-emails").click();
    await waitForCount(page.getByTestId("email-thread"), 2);
    return page;
  }

  test("at 1440 px: threads newest first, bulk mail left out; a thread opens with its messages, its HTML loading nothing until asked; its attachment downloads", async () => {
    const page = await emailsTab(DESKTOP);
    const threads = page.getByTestId("email-thread");
    expect(await page.getByTestId("email-thread-subject").allInnerTexts()).toEqual(["Reorder for April", "Quote for 40 cases(2)"]);
    expect(await threads.nth(1).innerText()).toContain("1 attachment");
    await screenshot(page, "emails-tab-1440");

    const remoteRequests: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(running.crm.url)) remoteRequests.push(request.url());
    });
    await threads.nth(1).click();
    const dialog = page.getByTestId("email-thread-dialog");
    const messages = dialog.getByTestId("email-message");
    await waitForCount(messages, 2);
    expect(await messages.nth(0).getByTestId("email-message-text").innerText()).toContain("could you quote 40 cases");
    const frame = messages.nth(1).getByTestId("email-message-html");
    expect(await frame.getAttribute("sandbox")).toBe("allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    const html = page.frameLocator('[data-testid="email-message-html"]');
    await waitForText(html.locator("b"), "$1,840");
    // A page of its own from the API, under its own policy: the sender's inline style applies.
    expect(await frame.getAttribute("src")).toMatch(/^\/api\/email-messages\/\d+\/html$/);
    const styled = html.locator("p", { hasText: "Delivered by the 20th." });
    expect(await styled.evaluate((paragraph) => [getComputedStyle(paragraph).color, getComputedStyle(paragraph).fontSize])).toEqual(["rgb(21, 128, 61)", "16px"]);
    // The frame takes its content's height.
    expect((await frame.boundingBox())!.height).toBeGreaterThan((await html.locator("body").boundingBox())!.height);
    expect(await html.locator("script").count()).toBe(0);
    expect(await html.locator("img").getAttribute("src")).toBeNull();
    expect(await page.title()).not.toBe("ran");
    expect(remoteRequests).toEqual([]);
    expect(images.requests).toEqual([]);
    await screenshot(page, "emails-thread-1440");

    // Its attachment, downloaded under its own name.
    const attachment = messages.nth(1).getByTestId("email-attachment-link");
    expect(await attachment.innerText()).toBe("quote-40-cases.pdf (14 bytes)");
    const [download] = await Promise.all([page.waitForEvent("download"), attachment.click()]);
    expect(download.suggestedFilename()).toBe("quote-40-cases.pdf");
    expect(await Bun.file((await download.path())!).text()).toBe("%PDF-1.4 quote");

    // The sender's image, loaded once staff ask: that message alone, and still no script.
    expect(await messages.nth(0).getByTestId("email-images-hidden").count()).toBe(0);
    expect(await messages.nth(1).getByTestId("email-images-hidden").innerText()).toContain("Images from the sender are hidden.");
    await messages.nth(1).getByTestId("email-load-images").click();
    await messages.nth(1).locator('[data-testid="email-message-html"][data-remote-images="shown"]').waitFor();
    await waitUntil(() => images.requests.length > 0, 15_000);
    expect(images.requests).toEqual(["/logo.png"]);
    expect(await html.locator("img").getAttribute("src")).toBe(images.urlOf("logo.png"));
    expect(await messages.nth(1).getByTestId("email-images-hidden").count()).toBe(0);
    expect(await html.locator("script").count()).toBe(0);
    expect(await page.title()).not.toBe("ran");
    await screenshot(page, "emails-thread-images-1440", { fullPage: false });
  });

  test("at 390 px: the threads and an open thread fit the phone", async () => {
    const page = await emailsTab(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "emails-tab-390");
    await page.getByTestId("email-thread").nth(1).click();
    const messages = page.getByTestId("email-thread-dialog").getByTestId("email-message");
    await waitForCount(messages, 2);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "emails-thread-390", { fullPage: false });
    await messages.nth(1).getByTestId("email-load-images").click();
    await messages.nth(1).locator('[data-testid="email-message-html"][data-remote-images="shown"]').waitFor();
    await expectNoSidewaysScroll(page);
    await messages.nth(1).scrollIntoViewIfNeeded();
    await screenshot(page, "emails-thread-images-390", { asScrolled: true });
  });
});
