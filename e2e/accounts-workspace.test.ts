import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page, Response } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { showAccountsAfter } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const SALES_USER = { email: "sam@example.com", password: "sam-password-1" };

/**
 * The accounts workspace on the sample import (40 accounts, 100 orders): the list, the header search
 * and the account detail screen. The tests run in order against one server; the last one clears the data.
 */
describe("working with accounts: list, header search and account detail", () => {
  const running = useCrmAndBrowser();

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    await runCrm(running.crm, ["user", "add", "--email", SALES_USER.email, "--name", "Sam Seller", "--role", "sales", "--password", SALES_USER.password]);
  });

  /** A signed-in page on the accounts list, its first rows shown and the welcome toast closed. */
  async function accountsPage(user?: typeof SALES_USER): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, user);
    await page.getByTestId("account-row").first().waitFor();
    return page;
  }

  test("the list sorts by name by default, by Total Orders both ways, and pages through the 40 accounts", async () => {
    const page = await accountsPage();
    expect(await sortOf(page, "Account")).toBe("ascending");
    const names = await accountNames(page);
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort(byNameIgnoringCase));
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");

    await showAccountsAfter(page, () => sortButton(page, "Total Orders").click());
    expect(await sortOf(page, "Total Orders")).toBe("ascending");
    expect(await sortOf(page, "Account")).toBe("none");
    const ascending = await orderCounts(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await showAccountsAfter(page, () => sortButton(page, "Total Orders").click());
    expect(await sortOf(page, "Total Orders")).toBe("descending");
    const descending = await orderCounts(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    // The first row has the most orders of all 40 accounts, as the server counts them.
    const everyAccount: { orderCount: number }[] = await page.evaluate(() => fetch("/api/accounts?limit=40").then((response) => response.json()));
    expect(everyAccount).toHaveLength(40);
    expect(descending[0]).toBe(Math.max(...everyAccount.map((account) => account.orderCount)));
    const busiest = (await accountNames(page))[0];
    await screenshot(page, "workspace-sorted-by-orders-desc");

    const previous = page.getByRole("button", { name: "Previous" });
    expect(await previous.isDisabled()).toBe(true);
    await showAccountsAfter(page, () => page.getByRole("button", { name: "Next" }).click());
    await waitForText(page.getByTestId("accounts-range"), "Showing 11 to 20 of 40 results");
    expect(await previous.isEnabled()).toBe(true);
    expect(await page.getByTestId("account-row").count()).toBe(10);
    // Page 2 carries on where page 1 stopped: still sorted by Total Orders, descending.
    expect(Math.max(...(await orderCounts(page)))).toBeLessThanOrEqual(Math.min(...descending));
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    await screenshot(page, "workspace-accounts-page-2");

    await previous.click();
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    expect(await previous.isDisabled()).toBe(true);
    expect((await accountNames(page))[0]).toBe(busiest);
    await page.close();
  });

  test("the server's log, after those pages, says what ops people need and nothing from its framework", () => {
    const log = running.crm.output();
    expect(log).toContain("Supply CRM is running at");
    // Elysia prints a warning asking for a bug report when it cannot read a hook's source.
    expect(log).not.toMatch(/warning|Sucrose|report the following/i);
  });

  test("a row's List select moves the account to another list, and the list stays after a reload", async () => {
    const page = await accountsPage();
    const row = page.getByTestId("account-row").first();
    const accountId = await row.getAttribute("data-account-id");
    const select = row.getByTestId("list-type-select");
    const listType = (await select.inputValue()) === "legacy" ? "active" : "legacy";

    await select.selectOption(listType);
    await expectToast(page, "List updated", "Account list type has been updated successfully.");
    await page.waitForFunction((id) => !document.querySelector(`[data-account-id="${id}"] [data-testid="list-type-select"]`)?.hasAttribute("disabled"), accountId);
    expect(await select.inputValue()).toBe(listType);
    await screenshot(page, "workspace-list-updated");

    await page.reload();
    const reloadedSelect = page.locator(`[data-testid="account-row"][data-account-id="${accountId}"]`).getByTestId("list-type-select");
    await reloadedSelect.waitFor();
    expect(await reloadedSelect.inputValue()).toBe(listType);
    await page.close();
  });

  test("the header search finds accounts by name, opens one on a click or Enter, and says when nothing matches", async () => {
    const page = await accountsPage();
    const names = (await accountNames(page)).filter((name) => /^[A-Za-z]{4,}\b/.test(name));
    const [first, second] = [itemAt(names, 0), itemAt(names, 1)];
    const search = page.getByTestId("header-search");
    const results = page.getByTestId("search-results");

    await search.fill(firstWordOf(first));
    await results.getByText("Searching...").waitFor();
    const hit = page.getByTestId("search-result").filter({ hasText: first });
    await hit.waitFor();
    await screenshot(page, "workspace-search-results");
    await hit.click();
    await waitForText(accountHeading(page), first);
    expect(page.url()).toMatch(/\/accounts\/\d+$/);
    expect(await results.count()).toBe(0);
    expect(await search.inputValue()).toBe("");

    // Enter opens the first result.
    await search.fill(firstWordOf(second));
    const firstHit = page.getByTestId("search-result").first();
    await firstHit.waitFor();
    const firstHitName = itemAt((await firstHit.innerText()).split("\n"), 0);
    expect(firstHitName).toContain(firstWordOf(second));
    await search.press("Enter");
    await waitForText(accountHeading(page), firstHitName);

    await search.fill("zzqxjw");
    await results.getByText('No accounts found matching "zzqxjw"').waitFor();
    expect(await page.getByTestId("search-result").count()).toBe(0);
    await screenshot(page, "workspace-search-no-match");
    await page.close();
  });

  test("the account name edits in place: Enter saves for good, Escape discards, a failed save stays open with the text typed", async () => {
    const page = await accountsPage();
    const { id } = await openAccountAt(page, 1);
    const patches = patchRequests(page);
    const newName = "Zenith Test Supply Co";

    const saved = await responseTo(page, "PATCH", `/api/accounts/${id}`, () => typeIn(page, "account-name-field", newName, "Enter"));
    expect(saved.status()).toBe(200);
    await waitForText(page.getByTestId("account-name-field"), newName);
    await waitForText(accountHeading(page), newName);
    await page.reload();
    await waitForText(page.getByTestId("account-name-field"), newName);
    await screenshot(page, "workspace-account-renamed");

    const patchesBefore = patches.length;
    await typeIn(page, "account-name-field", "Never Saved Inc", "Escape");
    await waitForText(page.getByTestId("account-name-field"), newName);
    expect(patches.length).toBe(patchesBefore);

    // The server fails the save: the toast says so, the field stays open with the text typed, and Escape gives the stored name back.
    await page.route(`**/api/accounts/${id}`, (route) =>
      route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { message: "Database is locked" } }) : route.fallback(),
    );
    const failed = await responseTo(page, "PATCH", `/api/accounts/${id}`, () => typeAndSave(page, "account-name-field", "Lost Name LLC"));
    expect(failed.status()).toBe(500);
    await page.getByTestId("toast").filter({ hasText: "Failed to update account." }).waitFor();
    expect(await page.getByTestId("account-name-field-input").inputValue()).toBe("Lost Name LLC");
    await page.getByTestId("account-name-field-input").press("Escape");
    await waitForText(page.getByTestId("account-name-field"), newName);
    await page.unroute(`**/api/accounts/${id}`);

    // And a real refusal: the server answers 400 to an e-mail that is not one; its reason is toasted, the e-mail typed stays to be corrected.
    const email = page.getByTestId("primary-contact-email-link");
    const oldEmail = await email.innerText();
    const refused = await responseTo(page, "PATCH", "/api/contacts/", () => typeAndSave(page, "primary-contact-email", "not-an-email"));
    expect(refused.status()).toBe(400);
    await page.getByTestId("toast").filter({ hasText: "Email is not a valid e-mail address: not-an-email" }).waitFor();
    expect(await page.getByTestId("primary-contact-email-input").inputValue()).toBe("not-an-email");
    await page.getByTestId("primary-contact-email-input").press("Escape");
    await waitForText(email, oldEmail);
    await page.reload();
    await waitForText(page.getByTestId("account-name-field"), newName);
    expect(await email.innerText()).toBe(oldEmail);
    await page.close();
  });

  test("Add Contact adds a contact to the Contacts card", async () => {
    const page = await accountsPage();
    await openAccountAt(page, 2);
    const card = page.getByTestId("contacts-card");
    const contactsBefore = await card.getByTestId("contact-item").count();

    await card.getByTestId("add-contact-button").click();
    const modal = page.getByTestId("add-contact-modal");
    await modal.getByLabel("First Name").fill("Quinn");
    await modal.getByLabel("Last Name").fill("Tester");
    await modal.getByLabel("Email").fill("quinn.tester@example.com");
    await screenshot(page, "workspace-add-contact");
    await modal.getByRole("button", { name: "Add Contact" }).click();
    await modal.waitFor({ state: "hidden" });

    const added = card.getByTestId("contact-item").filter({ hasText: "quinn.tester@example.com" });
    await added.waitFor();
    expect(await added.innerText()).toContain("Quinn");
    expect(await added.innerText()).toContain("Tester");
    expect(await card.getByTestId("contact-item").count()).toBe(contactsBefore + 1);
    await screenshot(page, "workspace-contact-added");
    await page.close();
  });

  test("a note is created, edited and deleted on the Notes tab", async () => {
    const page = await accountsPage();
    await openAccountAt(page, 3);
    await page.getByTestId("activity-tab-notes").click();
    const panel = page.getByTestId("notes-panel");
    await waitForText(panel.getByTestId("notes-empty"), "No notes have been added yet.");

    await panel.getByTestId("add-note-button").click();
    await fillNote(page, "Create Note", { title: "Reorder call", content: "Wants a quote for 10-panel cups." });
    const note = panel.getByTestId("note-item");
    await waitForText(note.locator("p").first(), "Wants a quote for 10-panel cups.");
    expect(await note.innerText()).toContain("Reorder call");
    expect(await note.innerText()).toContain("By Administrator");
    expect(await note.innerText()).not.toContain("(edited)");
    await screenshot(page, "workspace-note-created");

    await note.getByTestId("note-edit-button").click();
    await fillNote(page, "Save Changes", { title: "Reorder call", content: "Quote sent for 10-panel cups." });
    await waitForText(note.locator("p").first(), "Quote sent for 10-panel cups.");
    await note.getByText("(edited)").waitFor();
    expect(await panel.getByTestId("note-item").count()).toBe(1);
    await screenshot(page, "workspace-note-edited");

    await note.getByTestId("note-delete-button").click();
    const dialog = page.getByTestId("delete-note-dialog");
    await dialog.getByText("Delete this note? It stays in the recycle bin for 30 days, from where it can be restored.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "hidden" });
    await waitForText(panel.getByTestId("notes-empty"), "No notes have been added yet.");
    await page.close();
  });

  test("the orders of an account with more than five page five at a time", async () => {
    const page = await accountsPage();
    await showAccountsAfter(page, () => page.goto(`${running.crm.url}/accounts?sort=orderCount&dir=desc`));
    const orderCount = itemAt(await orderCounts(page), 0);
    expect(orderCount).toBeGreaterThan(5);
    await openAccountAt(page, 0);
    const card = page.getByTestId("recent-orders-card");
    const pageCount = Math.ceil(orderCount / 5);

    await waitForText(card.getByTestId("orders-range"), `Showing 1-5 of ${orderCount} orders`);
    await waitForText(card.getByTestId("orders-page-indicator"), `Page 1 of ${pageCount}`);
    expect(await card.getByTestId("order-row").count()).toBe(5);
    expect(await card.getByTestId("orders-previous").isDisabled()).toBe(true);
    const firstOrderOnPage1 = await card.getByTestId("order-row").first().getAttribute("data-order-id");

    await card.getByTestId("orders-next").click();
    await waitForText(card.getByTestId("orders-range"), `Showing 6-${Math.min(10, orderCount)} of ${orderCount} orders`);
    await waitForText(card.getByTestId("orders-page-indicator"), `Page 2 of ${pageCount}`);
    // The pager says the page asked for at once; page 1's orders stay, dimmed, until page 2's come.
    await card.locator('[aria-busy="false"]:has([data-testid="orders-table"])').waitFor();
    expect(await card.getByTestId("orders-previous").isEnabled()).toBe(true);
    expect(await card.getByTestId("order-row").count()).toBe(Math.min(5, orderCount - 5));
    expect(await card.getByTestId("order-row").first().getAttribute("data-order-id")).not.toBe(firstOrderOnPage1);
    await screenshot(page, "workspace-orders-page-2");
    await page.close();
  });

  test("a sales user has no Clear All Data button, and the server refuses the call too", async () => {
    // Sam owns no accounts, and a sales rep's accounts screen opens on their own: it says so.
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, SALES_USER);
    await page.getByTestId("accounts-no-matches").filter({ hasText: "Owner: Me" }).waitFor();
    const toolbar = page.getByTestId("accounts-toolbar");
    await toolbar.getByRole("button", { name: "Upload Accounts" }).waitFor();
    expect(await toolbar.getByRole("button", { name: "Add Account" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Clear All Data" }).count()).toBe(0);
    await screenshot(page, "workspace-sales-toolbar");

    const status = await page.evaluate(async () =>
      (await fetch("/api/admin/clear-all-data", { method: "DELETE", headers: { "content-type": "application/json" }, body: JSON.stringify({ confirm: "Supply Co." }) })).status,
    );
    expect(status).toBe(403);
    // Everyone's accounts are all still there.
    await page.goto(`${running.crm.url}/accounts?owner=all`);
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    await page.close();
  });

  test("an admin clears all account data after confirming, and the list is empty", async () => {
    const page = await accountsPage();
    await page.getByTestId("accounts-toolbar").getByRole("button", { name: "Clear All Data" }).click();
    const dialog = page.getByTestId("clear-all-data-dialog");
    await dialog.getByText("This deletes every account").waitFor();
    await dialog.getByText("A backup is kept first").waitFor();
    // The button waits for the company name (Supply Co. unless branding says otherwise), in any case.
    const clear = dialog.getByRole("button", { name: "Clear All Data" });
    const typed = dialog.getByLabel("Type the company name, Supply Co., to confirm");
    expect(await clear.isDisabled()).toBe(true);
    await typed.fill("Supply");
    expect(await clear.isDisabled()).toBe(true);
    await typed.fill("supply co.");
    expect(await clear.isEnabled()).toBe(true);
    await screenshot(page, "workspace-clear-all-confirm");
    await clear.click();

    await expectToast(page, "Success", "All account data has been cleared. A backup of it was kept first: crm-before-clear-");
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("accounts-empty").waitFor();
    expect(await page.getByTestId("account-row").count()).toBe(0);
    await screenshot(page, "workspace-accounts-cleared");
    await page.reload();
    await page.getByTestId("accounts-empty").waitFor();
    await page.close();
  });
});

/** Waits until the element's text is exactly `text`. */
async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.innerText()).trim()).toBe(text);
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.getByTestId("toast").filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(description);
}

function columnHeader(page: Page, column: string): Locator {
  return page.getByTestId("accounts-table").locator("th", { has: page.getByRole("button", { name: column, exact: true }) });
}

function sortButton(page: Page, column: string): Locator {
  return columnHeader(page, column).getByRole("button");
}

/** The column header's aria-sort: ascending, descending or none. */
function sortOf(page: Page, column: string): Promise<string | null> {
  return columnHeader(page, column).getAttribute("aria-sort");
}


function accountNames(page: Page): Promise<string[]> {
  return page.getByTestId("account-row").getByTestId("account-name").allInnerTexts();
}

/** The Total Orders column, '21 orders' read as 21. */
async function orderCounts(page: Page): Promise<number[]> {
  const cells = await page.getByTestId("account-row").locator("td:nth-child(3)").allInnerTexts();
  return cells.map((text) => Number.parseInt(text.replace(/,/g, ""), 10));
}

/** The order of SQLite's NOCASE collation: ASCII letters without case. */
function byNameIgnoringCase(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

function firstWordOf(name: string): string {
  return itemAt(name.split(/\W+/), 0);
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} in ${JSON.stringify(items)}`);
  return item;
}

/** The account name in the breadcrumb of the detail screen. */
function accountHeading(page: Page): Locator {
  return page.getByTestId("account-breadcrumb").locator('[aria-current="page"]');
}

/** Opens the account in the given row of the list on screen and waits for its detail screen. */
async function openAccountAt(page: Page, index: number): Promise<{ id: string; name: string }> {
  const row = page.getByTestId("account-row").nth(index);
  const id = (await row.getAttribute("data-account-id")) ?? "";
  const name = await row.getByTestId("account-name").innerText();
  await row.getByTestId("account-name").click();
  await page.locator(`[data-testid="account-detail-screen"][data-account-id="${id}"]`).waitFor();
  await waitForText(accountHeading(page), name);
  return { id, name };
}

/** Clicks an inline-editable value, types the text and presses Enter or Escape; back in view mode when it resolves. */
async function typeIn(page: Page, testId: string, text: string, key: "Enter" | "Escape"): Promise<void> {
  await page.getByTestId(testId).click();
  const input = page.getByTestId(`${testId}-input`);
  await input.fill(text);
  await screenshot(page, `workspace-editing-${testId}`);
  await input.press(key);
  await page.getByTestId(testId).waitFor();
}

/** Clicks an inline-editable value, types the text and presses Enter, leaving the field as the save leaves it. */
async function typeAndSave(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-input`).fill(text);
  await page.getByTestId(`${testId}-input`).press("Enter");
}

/** Runs the action and answers the response to the first request it makes with this method to a path starting with `pathStart`. */
async function responseTo(page: Page, method: string, pathStart: string, action: () => Promise<unknown>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(pathStart)),
    action(),
  ]);
  return response;
}

/** Every PATCH the page sends from now on. */
function patchRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH") sent.push(request.url());
  });
  return sent;
}

async function fillNote(page: Page, submitLabel: string, note: { title: string; content: string }): Promise<void> {
  const modal = page.getByTestId("note-form-modal");
  await modal.getByLabel("Title").fill(note.title);
  await modal.getByLabel("Content").fill(note.content);
  await modal.getByRole("button", { name: submitLabel }).click();
  await modal.waitFor({ state: "hidden" });
}
