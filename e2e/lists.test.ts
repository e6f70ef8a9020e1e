import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const LIST_NAME = "Wholesale Distributors";
const LIST_DESCRIPTION = "Distributors who buy by the case";
/** A first-order window with accounts of the sample on both sides of it. */
const FROM = "2025-01-01";
const TO = "2025-06-30";
const UNKNOWN_EMAIL = "nobody.here@unknown-supplier.example";

interface ApiAccount {
  id: number;
  name: string;
  email: string | null;
  listType: string;
  firstOrderDate: string | null;
}

/**
 * The lists screen on the sample import (40 accounts, all pinned to New): a list created from the screen,
 * the first-order-date filter, sorting a tab, moving an account to the new list with a row's select,
 * and the bulk e-mail assignment. The tests run in order against one server and build on each other.
 */
describe("the lists screen: custom lists, the first-order filter, sorting, moving accounts and bulk assignment", () => {
  const running = useCrmAndBrowser();
  /** The key the server gave the list created in the first test. */
  let customKey = "";

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    // The sample's orders age with the calendar, and the activity rules with them: pinning every account to
    // New gives the screen the same start whatever the day (the rules themselves are e2e/day-one-history's).
    await runCrm(running.crm, ["assign-lists", "--list", "new", SAMPLE]);
  });

  /** A signed-in page on /lists, reached from the sidebar, its cards loaded and the welcome toast closed. */
  async function listsPage(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    await page.getByTestId("lists-screen").waitFor();
    await card(page, "legacy").waitFor();
    await page.getByTestId("list-tab-panel").waitFor();
    return page;
  }

  /** Every account as the server lists them. */
  function allAccounts(page: Page): Promise<ApiAccount[]> {
    return page.evaluate(() => fetch("/api/accounts?limit=500").then((response) => response.json()));
  }

  test("'Create New List' creates a list: toast, its card and its tab, opened and empty", async () => {
    const page = await listsPage();
    expect(await page.getByTestId("list-summary-card").count()).toBe(3);
    expect(await page.getByTestId("list-tab").count()).toBe(3);
    await waitForText(card(page, "new").getByTestId("list-card-count"), "40");
    await screenshot(page, "lists-initial");

    await page.getByTestId("create-list-button").click();
    const modal = page.getByTestId("list-form-modal");
    await modal.getByRole("heading", { name: "Create New List" }).waitFor();
    const submit = modal.getByTestId("list-form-submit");
    expect(await submit.isDisabled()).toBe(true);
    // A blank name is no name.
    await modal.getByTestId("list-name-input").fill("   ");
    expect(await submit.isDisabled()).toBe(true);
    await modal.getByTestId("list-name-input").fill(LIST_NAME);
    await modal.getByTestId("list-description-input").fill(LIST_DESCRIPTION);
    expect(await submit.isEnabled()).toBe(true);
    await screenshot(page, "lists-create-form");
    await submit.click();

    await expectToast(page, "List created", "New list has been created successfully.");
    await modal.waitFor({ state: "hidden" });
    const created = page.getByTestId("list-summary-card").filter({ has: page.getByTestId("list-card-name").getByText(LIST_NAME, { exact: true }) });
    await created.waitFor();
    customKey = (await created.getAttribute("data-list-key")) ?? "";
    expect(customKey).not.toBe("");
    expect(["new", "active", "legacy"]).not.toContain(customKey);
    expect(await created.innerText()).toContain(LIST_DESCRIPTION);
    await waitForText(created.getByTestId("list-card-count"), "0");
    expect(await created.getByTestId("list-card-last-activity").innerText()).toBe("No activity");
    expect(await page.getByTestId("list-summary-card").count()).toBe(4);

    // Its tab comes after the built-in ones, is open, and its panel says it is empty.
    const createdTab = tab(page, customKey);
    await createdTab.waitFor();
    expect(await page.getByTestId("list-tab").evaluateAll((tabs) => tabs.map((element) => element.getAttribute("data-list-key")))).toEqual([
      "new",
      "active",
      "legacy",
      customKey,
    ]);
    expect(await createdTab.innerText()).toContain(LIST_NAME);
    await waitForText(createdTab.getByTestId("list-tab-count"), "0");
    await page.locator(`[data-testid="list-tab"][data-list-key="${customKey}"][aria-selected="true"]`).waitFor();
    await waitForText(panel(page, customKey).getByTestId("list-empty"), "No accounts in this list yet");
    expect(new URL(page.url()).searchParams.get("list")).toBe(customKey);
    await screenshot(page, "lists-created");

    // It is kept: a reload shows it again.
    await page.reload();
    await waitForText(tab(page, customKey).getByTestId("list-tab-count"), "0");
    await waitForText(panel(page, customKey).getByTestId("list-empty"), "No accounts in this list yet");
    await page.close();
  });

  test("the first-order-date filter narrows the cards and tabs ('of N'), and Clear resets it", async () => {
    const page = await listsPage();
    const accounts = await allAccounts(page);
    expect(accounts).toHaveLength(40);
    const firstOrderDay = (account: ApiAccount) => (account.firstOrderDate ? newYorkDate(account.firstOrderDate) : null);
    const fromOnly = accounts.filter((account) => (firstOrderDay(account) ?? "") >= FROM).length;
    const inWindow = accounts.filter((account) => {
      const day = firstOrderDay(account);
      return day !== null && day >= FROM && day <= TO;
    }).length;
    // The window really narrows, and narrows further with To.
    expect(fromOnly).toBeLessThan(40);
    expect(inWindow).toBeLessThan(fromOnly);
    expect(inWindow).toBeGreaterThan(10);

    const newCard = card(page, "new");
    expect(await newCard.getByTestId("list-card-total-count").count()).toBe(0);
    const toggle = page.getByTestId("first-order-filter-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const filter = page.getByTestId("first-order-filter");
    await filter.waitFor();
    expect(await filter.getByTestId("first-order-filter-clear").isDisabled()).toBe(true);

    await filter.getByTestId("first-order-from").fill(FROM);
    await waitForText(newCard.getByTestId("list-card-count"), String(fromOnly));
    await waitForText(newCard.getByTestId("list-card-total-count"), "of 40");

    await filter.getByTestId("first-order-to").fill(TO);
    await waitForText(newCard.getByTestId("list-card-count"), String(inWindow));
    await waitForText(newCard.getByTestId("list-card-total-count"), "of 40");
    await waitForText(tab(page, "new").getByTestId("list-tab-count"), String(inWindow));
    // Every card says how many of its accounts it counts.
    await waitForText(card(page, customKey).getByTestId("list-card-total-count"), "of 0");
    await waitForText(card(page, "active").getByTestId("list-card-total-count"), "of 0");
    expect(new URL(page.url()).searchParams.get("from")).toBe(FROM);
    expect(new URL(page.url()).searchParams.get("to")).toBe(TO);

    // The open tab lists only those accounts.
    await tab(page, "new").click();
    const newPanel = panel(page, "new");
    await waitForText(newPanel.getByTestId("accounts-range"), `Showing 1 to 10 of ${inWindow} results`);
    await screenshot(page, "lists-filtered");

    await filter.getByTestId("first-order-filter-clear").click();
    await waitForText(newCard.getByTestId("list-card-count"), "40");
    await newCard.getByTestId("list-card-total-count").waitFor({ state: "detached" });
    await waitForText(tab(page, "new").getByTestId("list-tab-count"), "40");
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    expect(await filter.getByTestId("first-order-from").inputValue()).toBe("");
    expect(await filter.getByTestId("first-order-to").inputValue()).toBe("");
    expect(await filter.getByTestId("first-order-filter-clear").isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.has("from")).toBe(false);
    await screenshot(page, "lists-filter-cleared");
    await page.close();
  });

  test("clicking Account sorts a tab descending then ascending again; a new column starts ascending", async () => {
    const page = await listsPage();
    const newNames = (await allAccounts(page)).filter((account) => account.listType === "new").map((account) => account.name);
    expect(newNames).toHaveLength(40);
    const ascending = [...newNames].sort(byNameIgnoringCase);
    const descending = [...ascending].reverse();

    await tab(page, "new").click();
    const newPanel = panel(page, "new");
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    expect(await sortOf(newPanel, "Account")).toBe("ascending");
    expect(await shownNames(newPanel)).toEqual(ascending.slice(0, 10));

    await sortButton(newPanel, "Account").click();
    await waitForSort(newPanel, "Account", "descending");
    await waitForRows(newPanel, descending.slice(0, 10));
    expect(new URL(page.url()).searchParams.get("dir")).toBe("desc");
    await screenshot(page, "lists-sorted-desc");

    await sortButton(newPanel, "Account").click();
    await waitForSort(newPanel, "Account", "ascending");
    await waitForRows(newPanel, ascending.slice(0, 10));
    expect(new URL(page.url()).searchParams.has("dir")).toBe(false);

    // Sorted descending, page 2 carries on where page 1 stopped.
    await sortButton(newPanel, "Account").click();
    await waitForRows(newPanel, descending.slice(0, 10));
    await newPanel.getByRole("button", { name: "Next" }).click();
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 11 to 20 of 40 results");
    await waitForRows(newPanel, descending.slice(10, 20));

    // Another column starts ascending, on the first page.
    await sortButton(newPanel, "Total Orders").click();
    await waitForSort(newPanel, "Total Orders", "ascending");
    expect(await sortOf(newPanel, "Account")).toBe("none");
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    await newPanel.locator('[data-testid="accounts-table"][aria-busy="false"]').waitFor();
    const counts = (await newPanel.getByTestId("account-row").locator("td:nth-child(3)").allInnerTexts()).map((text) => Number.parseInt(text, 10));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    await page.close();
  });

  test("a row's List select moves an account to the new list: its tab count goes up", async () => {
    const page = await listsPage();
    await tab(page, "new").click();
    const newPanel = panel(page, "new");
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    await waitForText(tab(page, customKey).getByTestId("list-tab-count"), "0");
    const row = newPanel.getByTestId("account-row").first();
    const accountId = (await row.getAttribute("data-account-id")) ?? "";
    const accountName = await row.getByTestId("account-name").innerText();
    const select = row.getByTestId("list-type-select");
    expect(await select.inputValue()).toBe("new");
    const offered = await select.locator("option").allInnerTexts();
    expect(offered).toEqual(["Automatic (by activity)", "New", "Active", "Legacy", LIST_NAME]);
    expect(await select.getAttribute("data-list-pinned")).toBe("true");

    await select.selectOption(customKey);
    await expectToast(page, "List updated", "Account list type has been updated successfully.");
    await waitForText(tab(page, customKey).getByTestId("list-tab-count"), "1");
    await waitForText(tab(page, "new").getByTestId("list-tab-count"), "39");
    await waitForText(card(page, customKey).getByTestId("list-card-count"), "1");
    await waitForText(card(page, "new").getByTestId("list-card-count"), "39");
    await waitForText(newPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 39 results");
    await newPanel.locator(`[data-testid="account-row"][data-account-id="${accountId}"]`).waitFor({ state: "detached" });
    await screenshot(page, "lists-account-moved");

    await tab(page, customKey).click();
    const customPanel = panel(page, customKey);
    const moved = customPanel.locator(`[data-testid="account-row"][data-account-id="${accountId}"]`);
    await moved.waitFor();
    expect(await moved.getByTestId("account-name").innerText()).toBe(accountName);
    expect(await moved.getByTestId("list-type-select").inputValue()).toBe(customKey);
    expect(await customPanel.getByTestId("account-row").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("list")).toBe(customKey);
    await screenshot(page, "lists-custom-tab");
    await page.close();
  });

  test("bulk assignment of pasted e-mails moves the matching accounts and lists the unknown address", async () => {
    const page = await listsPage();
    // Three real addresses of accounts still in New, as the accounts API gives them.
    const inNew = (await allAccounts(page)).filter((account) => account.listType === "new" && account.email);
    const [first, second, third] = inNew.map((account) => account.email ?? "");
    if (!first || !second || !third) throw new Error("the sample has too few accounts with an e-mail in New");
    const pasted = [
      "Name,Email,Notes",
      `"${inNew[0]?.name}",${first.toUpperCase()},"call back, maybe"`,
      `${second}; ${UNKNOWN_EMAIL}`,
      "just some junk text @ nowhere, not-an-address@, @also-not",
      `   ${third}   `,
      `${first}`,
    ].join("\n");

    await page.getByTestId("bulk-email-assignment-button").click();
    const dialog = page.getByTestId("bulk-email-dialog");
    const assign = dialog.getByTestId("bulk-assign-button");
    await waitForText(dialog.getByTestId("bulk-emails-detected"), "0 email(s) detected");
    expect(await assign.isDisabled()).toBe(true);
    const target = dialog.getByTestId("bulk-target-list");
    expect(await target.inputValue()).toBe("active");
    expect(await target.locator("option").allInnerTexts()).toEqual(["New Customers", "Active Customers", "Legacy Customers", LIST_NAME, "Automatic (by activity)"]);
    await waitForText(assign, "Assign to Active List");

    await dialog.getByTestId("bulk-emails-input").fill(pasted);
    // Three real addresses (one twice, once in capitals) and the unknown one; the junk is ignored.
    await waitForText(dialog.getByTestId("bulk-emails-detected"), "4 email(s) detected");
    await target.selectOption("legacy");
    await waitForText(assign, "Assign to Legacy List");
    await screenshot(page, "lists-bulk-form");
    await assign.click();

    const result = dialog.getByTestId("bulk-result");
    await result.waitFor();
    await expectToast(page, "Assignment Complete", await dialog.getByTestId("bulk-result-message").innerText());
    await waitForText(dialog.getByTestId("bulk-accounts-updated"), "3");
    await waitForText(dialog.getByTestId("bulk-accounts-found"), "3");
    await waitForText(dialog.getByTestId("bulk-match-summary"), "3 of 4 emails matched 3 accounts");
    const progress = dialog.getByTestId("bulk-match-progress");
    expect(await progress.getAttribute("aria-valuenow")).toBe("3");
    expect(await progress.getAttribute("aria-valuemax")).toBe("4");
    expect(await dialog.getByTestId("bulk-not-found-emails").locator("li").allInnerTexts()).toEqual([UNKNOWN_EMAIL]);
    expect(await result.innerText()).toContain("Not found (1)");
    await screenshot(page, "lists-bulk-result");

    // The accounts are in Legacy now.
    await waitForText(tab(page, "legacy").getByTestId("list-tab-count"), "3");
    await waitForText(tab(page, "new").getByTestId("list-tab-count"), "36");
    const legacyEmails = (await allAccounts(page)).filter((account) => account.listType === "legacy").map((account) => account.email);
    expect(legacyEmails.sort()).toEqual([first, second, third].sort());

    // 'Assign Another List' goes back to an empty form.
    await dialog.getByTestId("bulk-assign-another").click();
    await dialog.getByTestId("bulk-email-form").waitFor();
    expect(await dialog.getByTestId("bulk-emails-input").inputValue()).toBe("");
    await waitForText(dialog.getByTestId("bulk-emails-detected"), "0 email(s) detected");
    expect(await dialog.getByTestId("bulk-assign-button").isDisabled()).toBe(true);
    expect(await result.count()).toBe(0);

    // Once more, to the new list, and 'Done' closes the dialog.
    await dialog.getByTestId("bulk-emails-input").fill(`${third}\n${UNKNOWN_EMAIL}`);
    await waitForText(dialog.getByTestId("bulk-emails-detected"), "2 email(s) detected");
    await dialog.getByTestId("bulk-target-list").selectOption(customKey);
    await waitForText(dialog.getByTestId("bulk-assign-button"), `Assign to ${LIST_NAME} List`);
    await dialog.getByTestId("bulk-assign-button").click();
    await waitForText(dialog.getByTestId("bulk-match-summary"), "1 of 2 emails matched 1 account");
    await waitForText(dialog.getByTestId("bulk-accounts-updated"), "1");
    await dialog.getByTestId("bulk-done").click();
    await dialog.waitFor({ state: "detached" });
    await waitForText(tab(page, customKey).getByTestId("list-tab-count"), "2");
    await waitForText(tab(page, "legacy").getByTestId("list-tab-count"), "2");
    await screenshot(page, "lists-after-bulk");
    await page.close();
  });
});

function card(page: Page, key: string): Locator {
  return page.locator(`[data-testid="list-summary-card"][data-list-key="${key}"]`);
}

function tab(page: Page, key: string): Locator {
  return page.locator(`[data-testid="list-tab"][data-list-key="${key}"]`);
}

function panel(page: Page, key: string): Locator {
  return page.locator(`[data-testid="list-tab-panel"][data-list-key="${key}"]`);
}

/** Waits until the element's whole text is `text`, then checks it. */

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.getByTestId("toast").filter({ hasText: title });
  await toast.first().waitFor();
  expect(await toast.first().innerText()).toContain(description);
}

function columnHeader(scope: Locator, column: string): Locator {
  return scope.getByTestId("accounts-table").locator("th", { has: scope.page().getByRole("button", { name: column, exact: true }) });
}

function sortButton(scope: Locator, column: string): Locator {
  return columnHeader(scope, column).getByRole("button");
}

function sortOf(scope: Locator, column: string): Promise<string | null> {
  return columnHeader(scope, column).getAttribute("aria-sort");
}

async function waitForSort(scope: Locator, column: string, direction: "ascending" | "descending"): Promise<void> {
  await scope.getByTestId("accounts-table").locator(`th[aria-sort="${direction}"]`, { has: scope.page().getByRole("button", { name: column, exact: true }) }).waitFor();
}

function shownNames(scope: Locator): Promise<string[]> {
  return scope.getByTestId("account-row").getByTestId("account-name").allInnerTexts();
}

/** Waits until the table has loaded and shows exactly these accounts, in this order. */
async function waitForRows(scope: Locator, names: string[]): Promise<void> {
  await waitForText(scope.getByTestId("account-row").first().getByTestId("account-name"), names[0] ?? "");
  await scope.locator('[data-testid="accounts-table"][aria-busy="false"]').waitFor();
  expect(await shownNames(scope)).toEqual(names);
}

/** The order of SQLite's NOCASE collation: ASCII letters without case. */
function byNameIgnoringCase(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The New York calendar day of an instant, YYYY-MM-DD: the filter's dates are New York dates. */
function newYorkDate(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));
}

