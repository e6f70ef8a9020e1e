import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { exportCsv, itemRow, orderDateDaysAgo, type ExportRow } from "../src/testing/shipstation-csv.ts";
import { screenshot } from "./support/browser.ts";
import { animationsFinished, expectNoSidewaysScroll, expectNotCut, expectWithin } from "./support/layout.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const PHONE = { width: 390, height: 844 };
const SALES = { email: "morgan.sales@example.com", password: "Sales-Pass-2026", name: "Morgan Whitfield-Castellanos" };

/** A customer whose every value is long: the e-mail, the address, the item names, the order totals. */
const RIVERSIDE = {
  email: "purchasing.department.orders@riversiderecoverycenters-texas.org",
  company: "Riverside Recovery Centers of Central Texas",
  contact: "Alexandra Montgomery-Villanueva",
  street: "1200 Congress Avenue, Building C, Suite 300, Receiving Dock 4",
  phone: "512-555-0101",
};
/** Riverside's billing office, ordering under its own e-mail from the same building: detection pairs them. */
const RIVERSIDE_BILLING = { ...RIVERSIDE, email: "billing.accounts.payable@riversiderecoverycenters-texas.org", contact: "Tom Becker" };
const LONG_ITEM = "Oral Fluid Collection Swabs with Saturation Indicator and Barcode Labels, 100/pack";
/** One customer under two e-mails, merged into one account before the tests. */
const HARBOR = { email: "orders@harborpointlabs.com", company: "Harbor Point Labs" };
const HARBOR_OTHER_EMAIL = "accounts@harbor-point-labs.net";
const SUMMIT = { email: "buyer@summitoh.com", company: "Summit Occupational Health" };
const KEY_ACCOUNTS = "Key Accounts — Regional Distributors";

/**
 * The dashboard on a phone (390×844): every screen without the page scrolling sideways, long values
 * wrapping, dialogs full-screen; and the feedback of issue #20 there: an inline edit the server refuses keeps
 * its text beside the server's reason, Add Account opens the new account, and bulk assignment counts
 * e-mails and accounts apart. The tests run in order against one server.
 */
describe("small screens and honest feedback", () => {
  const running = useCrmAndBrowser();
  let riversideId = 0;
  let keyAccountsKey = "";

  beforeAll(async () => {
    const file = path.join(running.crm.dataDir, "..", "small-screens.csv");
    writeFileSync(file, exportCsv(ROWS));
    await runCrm(running.crm, ["import-csv", file]);
    await runCrm(running.crm, ["user", "add", "--email", SALES.email, "--name", SALES.name, "--role", "sales", "--password", SALES.password]);

    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    const ids = await page.evaluate(
      async ({ harbor, harborOther, riverside }) => {
        const accounts: { id: number; email: string }[] = await fetch("/api/accounts?limit=100").then((response) => response.json());
        const idOf = (email: string) => accounts.find((account) => account.email === email)!.id;
        return { harbor: idOf(harbor), harborOther: idOf(harborOther), riverside: idOf(riverside) };
      },
      { harbor: HARBOR.email, harborOther: HARBOR_OTHER_EMAIL, riverside: RIVERSIDE.email },
    );
    riversideId = ids.riverside;
    // The import's new customers wait in the duplicate queue for the server's background detection: the
    // account screen's banner is only there once it has weighed Riverside, however busy the machine.
    await page.evaluate(async (id) => {
      for (let tries = 0; tries < 600; tries++) {
        const candidates: unknown[] = await fetch(`/api/accounts/${id}/duplicates`).then((response) => response.json());
        if (candidates.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("Riverside's duplicate was never detected");
    }, ids.riverside);
    const call = (method: string, url: string, body: unknown) =>
      page.evaluate(
        async ({ method, url, body }) => {
          const response = await fetch(url, body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
          return response.json();
        },
        { method, url, body },
      );
    await call("POST", "/api/accounts/merge", { targetId: ids.harbor, sourceIds: [ids.harborOther] });
    keyAccountsKey = (await call("POST", "/api/lists", { name: KEY_ACCOUNTS, description: "Distributors who buy by the pallet" })).key;
    await call("POST", "/api/accounts/bulk-assign-list", { emails: [RIVERSIDE.email, SUMMIT.email], listType: keyAccountsKey });
    const myId = (await call("GET", "/api/auth/me", undefined)).id;
    for (const [title, days] of [
      ["Call Alexandra about the quarterly reorder of collection swabs and cups", 0],
      ["Send the updated price sheet for 12-panel cups to Riverside's purchasing department", 2],
      ["Check in after the first delivery", 9],
    ] as const) {
      await call("POST", "/api/tasks", { title, assigneeId: myId, dueDate: addDays(businessToday(), days), accountId: ids.riverside, notes: "Ask about the new Round Rock clinic" });
    }
    await page.close();
  });

  /** A signed-in page the size of a phone, the welcome toast closed. */
  async function phonePage(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(PHONE);
    return page;
  }

  test("at 390×844 account detail, lists, tasks and settings keep to the window's width, long values wrapped; and the accounts screen as it is", async () => {
    const page = await phonePage();
    await page.getByTestId("accounts-screen").getByText(SUMMIT.company).first().waitFor();
    await screenshot(page, "small-accounts");

    await page.goto(`${running.crm.url}/accounts/${riversideId}`);
    const banner = page.getByTestId("duplicate-banner");
    await banner.waitFor();
    await page.getByTestId("recent-orders-card").getByText(LONG_ITEM).waitFor();
    await screenshot(page, "small-account-detail");
    await expectNoSidewaysScroll(page);
    await expectWithin(banner.getByText(RIVERSIDE_BILLING.email, { exact: false }), banner);
    await expectWithin(page.getByTestId("ship-to-address"), page.getByTestId("account-info-card"));
    // The item's whole name is on screen, wrapped, not cut to 'Oral…'.
    await expectNotCut(page.getByTestId("recent-orders-card").getByText(LONG_ITEM));
    await expectWithin(page.getByTestId("recent-orders-card").getByText(LONG_ITEM), page.getByTestId("recent-orders-card"));

    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    const keyCard = page.locator(`[data-testid="list-summary-card"][data-list-key="${keyAccountsKey}"]`);
    await waitForText(keyCard.getByTestId("list-card-total-value"), "$42,147,997.50");
    await screenshot(page, "small-lists");
    await expectNotCut(keyCard.getByTestId("list-card-total-value"));
    await expectNoSidewaysScroll(page);

    await page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click();
    await page.getByTestId("tasks-screen").getByText("Check in after the first delivery").waitFor();
    await screenshot(page, "small-tasks");
    await expectNoSidewaysScroll(page);

    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
    await page.getByTestId("team-member-role").first().waitFor();
    await screenshot(page, "small-settings");
    await expectNoSidewaysScroll(page);
    await page.close();
  });

  test("on a laptop too, four lists' cards show their whole totals and the account's List Type select the whole list name", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    const totals = page.getByTestId("list-card-total-value");
    await waitForText(page.locator(`[data-testid="list-summary-card"][data-list-key="${keyAccountsKey}"]`).getByTestId("list-card-total-value"), "$42,147,997.50");
    expect(await totals.count()).toBe(4);
    for (const total of await totals.all()) await expectNotCut(total);
    await screenshot(page, "small-lists-1366");

    await page.goto(`${running.crm.url}/accounts/${riversideId}`);
    const select = page.getByTestId("account-info-card").getByTestId("list-type-select");
    await select.waitFor();
    const room = await select.evaluate((node: HTMLSelectElement) => {
      const style = getComputedStyle(node);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      return { text: context.measureText(node.selectedOptions[0]!.text).width, inside: node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    await screenshot(page, "small-account-detail-1366");
    expect(room.text).toBeLessThanOrEqual(room.inside);
    await page.close();
  });

  test("an inline edit the server refuses shows its reason in a toast and stays open with the text typed", async () => {
    const page = await phonePage();
    await page.goto(`${running.crm.url}/accounts/${riversideId}`);
    await page.getByTestId("primary-contact-email").click();
    const input = page.getByTestId("primary-contact-email-input");
    await input.fill("not-an-email");
    await input.press("Enter");
    const toast = page.getByTestId("toast").filter({ hasText: "Email is not a valid e-mail address: not-an-email" });
    await toast.waitFor();
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    expect(await input.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe("not-an-email");
    expect(await input.isEditable()).toBe(true);
    await screenshot(page, "small-inline-edit-refused");

    // Corrected in place, it saves.
    await input.fill("alexandra@riversiderecoverycenters-texas.org");
    await input.press("Enter");
    await waitForText(page.getByTestId("primary-contact-email-link"), "alexandra@riversiderecoverycenters-texas.org");
    await page.close();
  });

  test("Add Account opens the new account", async () => {
    const page = await phonePage();
    await page.getByRole("button", { name: "Add Account" }).click();
    const modal = page.getByTestId("account-form-modal");
    await modal.getByLabel("Name").fill("Bayou Occupational Screening");
    await modal.getByLabel("Email").fill("frontdesk@bayouscreening.com");
    await animationsFinished(page);
    await screenshot(page, "small-add-account", { fullPage: false });
    await expectFullScreen(page, modal);
    await modal.getByRole("button", { name: "Add Account" }).click();

    await page.waitForURL(/\/accounts\/\d+$/);
    await modal.waitFor({ state: "detached" });
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    expect(await page.getByTestId("account-detail-screen").getAttribute("data-account-id")).toBe(String(id));
    await waitForText(page.getByTestId("account-name-field"), "Bayou Occupational Screening");
    const created = await page.evaluate((accountId) => fetch(`/api/accounts/${accountId}`).then((response) => response.json()), id);
    expect(created).toMatchObject({ name: "Bayou Occupational Screening", email: "frontdesk@bayouscreening.com" });
    await page.close();
  });

  test("bulk e-mail assignment counts e-mails and accounts apart: a merged account's two e-mails find one account", async () => {
    const page = await phonePage();
    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    await page.getByTestId("bulk-email-assignment-button").click();
    const dialog = page.getByTestId("bulk-email-dialog");
    await dialog.getByTestId("bulk-emails-input").fill([HARBOR.email, HARBOR_OTHER_EMAIL, SUMMIT.email, "nobody@unknown-supplier.example"].join("\n"));
    await waitForText(dialog.getByTestId("bulk-emails-detected"), "4 email(s) detected");
    await dialog.getByTestId("bulk-target-list").selectOption("legacy");
    await dialog.getByTestId("bulk-assign-button").click();

    await waitForText(dialog.getByTestId("bulk-match-summary"), "3 of 4 emails matched 2 accounts");
    await waitForText(dialog.getByTestId("bulk-accounts-found"), "2");
    expect(await dialog.getByTestId("bulk-match-progress").getAttribute("aria-valuenow")).toBe("3");
    await animationsFinished(page);
    await screenshot(page, "small-bulk-result", { fullPage: false });
    await expectFullScreen(page, dialog);
    await expectNoSidewaysScroll(page);
    await page.close();
  });
});

const ROWS: ExportRow[] = [
  ...[
    { number: "RR-1001", days: 40, total: "18500000.00", item: LONG_ITEM },
    { number: "RR-1002", days: 10, total: "12400000.00", item: "12-Panel Drug Test Cup with Adulteration Strips (FEN, BUP, OXY), 25/box" },
  ].map(({ number, days, total, item }) =>
    row(number, RIVERSIDE, { "Date - Order Date": orderDateDaysAgo(days), "Amount - Order Total": total, "Item - Name": item, "Ship To - City": "Austin", "Ship To - State": "TX", "Ship To - Postal Code": "78701" }),
  ),
  row("RR-2001", RIVERSIDE_BILLING, { "Date - Order Date": orderDateDaysAgo(25), "Ship To - City": "Austin", "Ship To - State": "TX", "Ship To - Postal Code": "78701" }),
  row("SO-3001", SUMMIT, { "Date - Order Date": orderDateDaysAgo(400), "Amount - Order Total": "11247997.50" }),
  row("HP-4001", HARBOR, { "Date - Order Date": orderDateDaysAgo(60) }),
  row("HP-4002", { ...HARBOR, email: HARBOR_OTHER_EMAIL }, { "Date - Order Date": orderDateDaysAgo(70) }),
];

function row(number: string, customer: { email: string; company: string; contact?: string; street?: string; phone?: string }, overrides: ExportRow): ExportRow {
  return itemRow(number, customer.email, {
    "Ship To - Company": customer.company,
    ...(customer.contact && { "Ship To - Name": customer.contact }),
    ...(customer.street && { "Ship To - Address 1": customer.street }),
    ...(customer.phone && { "Ship To - Phone": customer.phone }),
    ...overrides,
  });
}

/** Below md a dialog takes the whole window. */
async function expectFullScreen(page: Page, dialog: Locator): Promise<void> {
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(page.viewportSize()!.width);
  expect(box.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);
}
