import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { ACCOUNT_EXPORT_COLUMNS } from "../src/contracts/accounts.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const LIST_NAME = "Key Accounts";

/**
 * Working on many accounts at once, on the sample import (40 accounts, all pinned to New): ticks that
 * survive paging, 'Select all 40 matching' and a bulk move to a list, the CSV export of what the filters
 * show and of what is ticked, the page size each user keeps, and the cards a phone shows. The tests run
 * in order against one server and build on each other.
 */
describe("bulk actions, export, page size and the phone layout of the accounts tables", () => {
  const running = useCrmAndBrowser();
  let listKey = "";

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    // The sample's orders age with the calendar; pinned to New, every account starts in one known list.
    await runCrm(running.crm, ["assign-lists", "--list", "new", SAMPLE]);
  });

  /** A signed-in page at 1440×900 on the accounts screen, its first rows shown. */
  async function accountsPage(): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId("account-row").first().waitFor();
    return page;
  }

  test("ticks survive paging; 'Select all 40 matching' then Set list moves them all in one request, as the list tab and a timeline show", async () => {
    const page = await accountsPage();
    listKey = await page.evaluate(async (name) => {
      const response = await fetch("/api/lists", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name, description: "" }) });
      return ((await response.json()) as { key: string }).key;
    }, LIST_NAME);
    // The screen read the lists before this one was made.
    await page.reload();
    await row(page, 0).waitFor();
    const bar = page.getByTestId("bulk-bar");

    // Two ticks on page 1 and one on page 2 make three.
    await row(page, 0).getByTestId("account-select").check();
    await row(page, 1).getByTestId("account-select").check();
    await waitForText(bar.getByTestId("bulk-selected-count"), "2 selected");
    await nextPage(page, "Showing 11 to 20 of 40 results");
    await row(page, 0).getByTestId("account-select").check();
    await waitForText(bar.getByTestId("bulk-selected-count"), "3 selected");

    // Another filter is another set of accounts: the ticks go.
    await page.getByLabel("List", { exact: true }).selectOption("active");
    await bar.waitFor({ state: "detached" });
    await page.getByLabel("List", { exact: true }).selectOption("");
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");

    // The header box ticks the page, then the banner offers every match.
    await page.getByTestId("accounts-select-page").check();
    const banner = page.getByTestId("selection-banner");
    await waitForText(banner, "All 10 on this page are selected. Select all 40 matching");
    await banner.getByTestId("select-all-matching").click();
    await waitForText(banner, "All 40 matching are selected. Clear selection");
    await waitForText(bar.getByTestId("bulk-selected-count"), "40 selected");
    // Every row of another page counts as ticked too.
    await nextPage(page, "Showing 11 to 20 of 40 results");
    expect(await page.getByTestId("account-select").evaluateAll((boxes) => boxes.every((box) => (box as HTMLInputElement).checked))).toBe(true);
    await screenshot(page, "accounts-bulk-all-matching");

    const bulkRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/accounts/bulk") bulkRequests.push(request.postData() ?? "");
    });
    await bar.getByTestId("bulk-set-list").selectOption(listKey);
    const confirm = page.getByTestId("bulk-confirm");
    await confirm.getByText("Move 40 accounts?").waitFor();
    await screenshot(page, "accounts-bulk-confirm", { fullPage: false });
    await confirm.getByRole("button", { name: "Move 40 accounts" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Accounts updated" });
    await toast.waitFor();
    expect(await toast.innerText()).toContain("40");
    await bar.waitFor({ state: "detached" });
    expect(bulkRequests).toHaveLength(1);
    expect(JSON.parse(bulkRequests[0]!)).toEqual({ selection: { allMatching: {} }, action: { kind: "setList", listType: listKey } });
    await row(page, 0).getByTestId("list-type-select").filter({ hasText: LIST_NAME }).waitFor();

    // The list's tab holds all 40.
    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    await page.locator(`[data-testid="list-tab"][data-list-key="${listKey}"]`).click();
    const listPanel = page.locator(`[data-testid="list-tab-panel"][data-list-key="${listKey}"]`);
    await waitForText(listPanel.getByTestId("accounts-range"), "Showing 1 to 10 of 40 results");
    await waitForText(page.locator(`[data-testid="list-tab"][data-list-key="${listKey}"]`).getByTestId("list-tab-count"), "40");
    await screenshot(page, "accounts-bulk-list-tab");

    // An account's timeline says it moved.
    await listPanel.getByTestId("account-name").first().click();
    const timeline = page.getByTestId("activity-timeline");
    await timeline.getByTestId("activity-entry").filter({ hasText: LIST_NAME }).first().waitFor();
    await page.close();
  });

  test("'Merge selected' opens the merge dialog with the two accounts ticked", async () => {
    const page = await accountsPage();
    const names = await page.getByTestId("account-row").getByTestId("account-name").allInnerTexts();
    await row(page, 0).getByTestId("account-select").check();
    const merge = page.getByTestId("bulk-merge");
    await row(page, 2).getByTestId("account-select").check();
    await row(page, 3).getByTestId("account-select").check();
    expect(await merge.isDisabled()).toBe(true);
    await row(page, 3).getByTestId("account-select").uncheck();
    await merge.click();
    const dialog = page.getByTestId("merge-account-dialog");
    await dialog.waitFor();
    const ticked = dialog.getByTestId("merge-account-option").filter({ has: page.locator('[data-testid="merge-account-checkbox"]:checked') });
    await waitForCount(ticked, 2);
    expect((await ticked.allInnerTexts()).join("\n")).toContain(names[2]!);
    expect((await ticked.allInnerTexts()).join("\n")).toContain(names[0]!);
    await dialog.getByTestId("merge-cancel").click();
    await page.close();
  });

  test("Export downloads every account the filters show, all pages; Export selected just the ticked ones", async () => {
    const page = await accountsPage();
    // How many the filter matches, asked of the API: the table keeps the unfiltered rows until its answer comes.
    // The first test put all 40 in one list: the text filter narrows them instead.
    const matching = await page.evaluate(async () => Number((await fetch("/api/accounts?q=llc&limit=1")).headers.get("x-total-count")));
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(40);
    await page.getByTestId("accounts-search").fill("llc");
    await page.getByTestId("accounts-range").filter({ hasText: new RegExp(`of ${matching} results`) }).waitFor();

    const exported = await downloadedCsv(page, page.getByTestId("accounts-export"));
    expect(exported.header).toEqual([...ACCOUNT_EXPORT_COLUMNS]);
    expect(exported.rows).toHaveLength(matching);

    await row(page, 0).getByTestId("account-select").check();
    const firstName = await row(page, 0).getByTestId("account-name").innerText();
    const selected = await downloadedCsv(page, page.getByTestId("bulk-export"));
    expect(selected.header).toEqual([...ACCOUNT_EXPORT_COLUMNS]);
    expect(selected.rows).toHaveLength(1);
    expect(selected.rows[0]).toContain(firstName);
    await page.close();
  });

  test("the page size is each user's, kept after a reload, and the Lists tabs use it too; a tab exports its whole list", async () => {
    const page = await accountsPage();
    await page.getByTestId("accounts-page-size").selectOption("25");
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 25 of 40 results");
    await waitForCount(page.getByTestId("account-row"), 25);
    await page.reload();
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 25 of 40 results");
    expect(await page.getByTestId("accounts-page-size").inputValue()).toBe("25");

    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    await page.locator(`[data-testid="list-tab"][data-list-key="${listKey}"]`).click();
    const listPanel = page.locator(`[data-testid="list-tab-panel"][data-list-key="${listKey}"]`);
    await waitForText(listPanel.getByTestId("accounts-range"), "Showing 1 to 25 of 40 results");
    // The tab's Export takes the whole list, not the page.
    expect((await downloadedCsv(page, listPanel.getByTestId("list-export"))).rows).toHaveLength(40);
    await page.close();
  });

  test("at 390 pixels the accounts are cards with their boxes, and the bulk bar and pager fit", async () => {
    const page = await accountsPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId("account-card");
    await cards.first().waitFor();
    expect(await page.getByTestId("accounts-table").count()).toBe(0);
    const first = cards.first();
    expect(await first.getByTestId("account-card-list").innerText()).toBe(LIST_NAME);
    expect(await first.innerText()).toMatch(/\$[\d,]+\.\d\d/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, "accounts-bulk-390");

    await first.getByTestId("account-select").check();
    const bar = page.getByTestId("bulk-bar");
    await waitForText(bar.getByTestId("bulk-selected-count"), "1 selected");
    const box = (await bar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, "accounts-bulk-bar-390", { fullPage: false });

    await page.getByRole("navigation").getByRole("link", { name: "Lists" }).click();
    await page.locator(`[data-testid="list-tab"][data-list-key="${listKey}"]`).click();
    await page.locator(`[data-testid="list-tab-panel"][data-list-key="${listKey}"]`).getByTestId("account-card").first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, "lists-bulk-390");
    await page.close();
  });
});

function row(page: Page, index: number): Locator {
  return page.getByTestId("account-row").nth(index);
}

/**
 * Next, then waits for the next page's rows: the pager says the page asked for at once, while the rows of
 * the one before stay on screen, dimmed, until the new ones come.
 */
async function nextPage(page: Page, range: string): Promise<void> {
  const firstBefore = await row(page, 0).getAttribute("data-account-id");
  await page.getByRole("button", { name: "Next" }).click();
  await waitForText(page.getByTestId("accounts-range"), range);
  await page.locator(`[data-testid="account-row"]:first-child:not([data-account-id="${firstBefore}"])`).waitFor();
}

/** Clicks an export link and reads the file the browser saved: its header row and its data rows. */
async function downloadedCsv(page: Page, link: Locator): Promise<{ header: string[]; rows: string[] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = text.split(/\r\n/).filter((line) => line !== "");
  return { header: header!.split(","), rows };
}

function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
