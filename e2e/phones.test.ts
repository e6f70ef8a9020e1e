import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const ACCOUNT = { name: "Lakeshore Phones Lab", email: "front@lakeshorephones.com", phone: "414.479.4233" };
const CONTACT = { firstName: "Ann", lastName: "Ray", email: "ann.ray@lakeshorephones.com", phone: "1 (213) 748-8406 x12" };
const WIDTHS = [
  { name: "wide", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/**
 * Issue #32's phones: typed any way, stored once in E.164 and shown as (414) 479-4233, each a tel: link, and
 * each e-mail a mailto: link, on the account page (its details and contacts) and the accounts list (a row
 * wide, a card on a phone).
 */
describe("phones and e-mails as links", () => {
  const running = useCrmAndBrowser();
  let accountId = 0;

  beforeAll(async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    accountId = await page.evaluate(
      async ({ account, contact }) => {
        const json = { "Content-Type": "application/json" };
        const created = await fetch("/api/accounts", { method: "POST", headers: json, body: JSON.stringify(account) }).then((response) => response.json());
        await fetch("/api/contacts", { method: "POST", headers: json, body: JSON.stringify({ ...contact, accountId: created.id }) });
        return created.id as number;
      },
      { account: ACCOUNT, contact: CONTACT },
    );
    await page.close();
  });

  async function pageAt(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(viewport);
    return page;
  }

  async function expectLink(page: Page, testId: string, text: string, href: string) {
    const link = page.getByTestId(testId).first();
    await waitForText(link, text);
    expect(await link.getAttribute("href")).toBe(href);
  }

  for (const { name, viewport } of WIDTHS) {
    test(`the account page links its phones and e-mails (${viewport.width} px)`, async () => {
      const page = await pageAt(viewport);
      await page.goto(`${running.crm.url}/accounts/${accountId}`);
      await expectLink(page, "account-phone-field-link", "(414) 479-4233", "tel:+14144794233");
      await expectLink(page, "account-email-link", ACCOUNT.email, `mailto:${ACCOUNT.email}`);
      await expectLink(page, "primary-contact-phone-link", "(213) 748-8406 x12", "tel:+12137488406,12");
      await expectLink(page, "primary-contact-email-link", CONTACT.email, `mailto:${CONTACT.email}`);
      await expectLink(page, "contact-phone-link", "(213) 748-8406 x12", "tel:+12137488406,12");
      await expectLink(page, "contact-email-link", CONTACT.email, `mailto:${CONTACT.email}`);
      await screenshot(page, `phones-account-${name}`);

      // The pencil beside a phone edits it as people read it, and what is typed is stored in the one form
      // (then put back, for the other width's test).
      for (const [typed, shown, href] of [
        ["+1 414-479-4235", "(414) 479-4235", "tel:+14144794235"],
        [ACCOUNT.phone, "(414) 479-4233", "tel:+14144794233"],
      ] as const) {
        await page.getByTestId("account-phone-field").click();
        const input = page.getByTestId("account-phone-field-input");
        expect(await input.inputValue()).toBe(typed === ACCOUNT.phone ? "(414) 479-4235" : "(414) 479-4233");
        await input.fill(typed);
        await input.press("Enter");
        await expectLink(page, "account-phone-field-link", shown, href);
      }
      await page.close();
    });

    test(`the accounts list links the primary contact's e-mail (${viewport.width} px)`, async () => {
      const page = await pageAt(viewport);
      await page.goto(`${running.crm.url}/accounts`);
      const holder = page.getByTestId(viewport.width === 390 ? "account-card" : "account-row").filter({ hasText: ACCOUNT.name });
      const email = holder.locator(`a[href="mailto:${CONTACT.email}"]`);
      await waitForText(email, CONTACT.email);
      await screenshot(page, `phones-accounts-${name}`);
      await page.close();
    });
  }
});
