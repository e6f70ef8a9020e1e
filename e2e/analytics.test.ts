import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { CRM_BINARY, runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const HISTORY_ROWS = 10_000;
const MONTHLY_CSV_HEADER = "Month,New customers' revenue,Returning customers' revenue,Revenue,Orders";

/**
 * The Analytics screen, first on a fresh install (friendly empty states, nothing broken), then on two years
 * of ShipStation history (crm demo-data ending today): figures for a period, revenue by month, cohorts, the
 * reorder radar and its follow-up tasks, the chart's table and CSV, and where the radar leads (the accounts
 * filtered by band, an account's rhythm). The tests run in order against one server.
 */
describe("the Analytics screen", () => {
  const running = useCrmAndBrowser();

  async function analyticsPage(width = 1440): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("navigation").getByRole("link", { name: "Analytics" }).click();
    await page.getByTestId("analytics-screen").waitFor();
    return page;
  }

  test("a fresh install shows empty states: zero figures with no change, no broken charts, no NaN", async () => {
    const page = await analyticsPage();
    await waitForCount(page.getByTestId("kpi-card"), 6);
    await waitForText(page.locator('[data-testid="kpi-card"][data-figure="revenue"]').getByTestId("kpi-value"), "$0.00");
    await waitForText(page.locator('[data-testid="kpi-card"][data-figure="averageOrderValue"]').getByTestId("kpi-value"), "$0.00");
    for (const change of await page.getByTestId("kpi-change").allInnerTexts()) expect(change.trim().startsWith("—")).toBe(true);
    await page.getByTestId("monthly-revenue-card").getByTestId("chart-empty").waitFor();
    await page.getByTestId("cohort-card").getByTestId("chart-empty").waitFor();
    await page.getByTestId("top-products-card").getByTestId("chart-empty").waitFor();
    await page.getByTestId("reorder-empty").waitFor();
    await waitForCount(page.getByTestId("reorder-tab-count").filter({ hasText: /^0$/ }), 3);
    expect(await page.getByTestId("reorder-create-tasks").isDisabled()).toBe(true);
    expect(await page.getByTestId("monthly-revenue-card").getByTestId("csv-download").isDisabled()).toBe(true);
    expect(await page.getByTestId("analytics-screen").innerText()).not.toMatch(/NaN|Infinity|undefined/);
    await screenshot(page, "analytics-empty");
    await page.close();
  });

  test("two years of history imported, the figures for a period show, each against the previous period", async () => {
    const file = path.join(running.crm.dataDir, "..", "history.csv");
    const demoData = Bun.spawnSync([CRM_BINARY, "demo-data", "--rows", String(HISTORY_ROWS), "--out", file]);
    if (demoData.exitCode !== 0) throw new Error(`crm demo-data failed: ${demoData.stderr}`);
    await runCrm(running.crm, ["import-csv", file]);

    const page = await analyticsPage();
    const revenue = page.locator('[data-testid="kpi-card"][data-figure="revenue"]').getByTestId("kpi-value");
    await revenue.filter({ hasNotText: "$0.00" }).waitFor();
    const thirtyDays = await revenue.innerText();
    expect(await page.locator('[data-testid="kpi-card"][data-figure="orders"]').getByTestId("kpi-value").innerText()).toMatch(/^[1-9][\d,]*$/);
    expect(await page.getByTestId("kpi-change").first().innerText()).toMatch(/%/);
    await page.getByTestId("kpi-previous-period").waitFor();

    await page.getByTestId("period-365").click();
    await revenue.filter({ hasNotText: thirtyDays }).waitFor();
    expect(new URL(page.url()).searchParams.get("period")).toBe("365");
    expect(parseDollars(await revenue.innerText())).toBeGreaterThan(parseDollars(thirtyDays));

    await page.getByTestId("period-custom").click();
    await page.getByTestId("period-from").waitFor();
    const to = await page.getByTestId("period-to").inputValue();
    await page.getByTestId("period-from").fill(to);
    await page.waitForURL((url) => url.searchParams.get("from") === to);
    await page.getByTestId("period-from").fill("2999-01-01");
    await page.getByTestId("period-problem").waitFor();
    await page.close();
  });

  test("revenue by month shows 24 months, each month's figures on hover, as a table too, and downloads as CSV", async () => {
    const page = await analyticsPage();
    const card = page.getByTestId("monthly-revenue-card");
    await waitForCount(card.getByTestId("monthly-chart-month"), 24);
    const lastMonth = card.getByTestId("monthly-chart-month").last();
    await lastMonth.hover();
    const tooltip = card.getByTestId("monthly-tooltip");
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toMatch(/Revenue\s+\$[\d,]+\.\d\d[\s\S]*Orders\s+[\d,]+/);
    await screenshot(page, "analytics-monthly-hover", { fullPage: false });

    await card.getByTestId("chart-view-table").click();
    await waitForCount(card.getByTestId("monthly-table").locator("tbody tr"), 24);
    await screenshot(page, "analytics-monthly-table", { fullPage: false });
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("csv-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^revenue-by-month-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(MONTHLY_CSV_HEADER);
    expect(lines).toHaveLength(25);
    await card.getByTestId("chart-view-chart").click();

    await waitForCount(page.getByTestId("cohort-card").getByTestId("cohort-row"), 12);
    const cell = page.getByTestId("cohort-card").getByTestId("cohort-cell").nth(1);
    await cell.hover();
    expect(await page.getByTestId("cohort-hover").innerText()).toMatch(/cohort, 1 month later: [\d,]+ of [\d,]+ customers? ordered \(\d+%\)/);
    expect(await page.getByTestId("top-products-card").getByTestId("top-product").count()).toBeGreaterThan(0);
    await screenshot(page, "analytics-1440");
    await page.close();
  });

  test("the reorder radar lists each band's accounts, makes follow-up tasks for those ticked, and leads to the accounts and their rhythm", async () => {
    const page = await analyticsPage();
    const radar = page.getByTestId("reorder-radar");
    const counts = (await radar.getByTestId("reorder-tab-count").allInnerTexts()).map((count) => Number(count.replaceAll(",", "")));
    expect(counts.every((count) => Number.isInteger(count))).toBe(true);
    const bandIndex = counts.findIndex((count) => count >= 2);
    expect(bandIndex).toBeGreaterThanOrEqual(0);
    await radar.getByTestId("reorder-tab").nth(bandIndex).click();
    const band = (await radar.getByTestId("reorder-tab").nth(bandIndex).getAttribute("data-band"))!;
    const panel = radar.locator(`[data-testid="reorder-panel"][data-band="${band}"]`);
    await panel.getByTestId("reorder-row").first().waitFor();

    await panel.getByRole("button", { name: "Account", exact: true }).click();
    await panel.locator('th[aria-sort="ascending"]').filter({ hasText: "Account" }).waitFor();
    // The rows of the sort before stay, dimmed, until the sorted page has come.
    await panel.locator('[data-testid="reorder-table"][aria-busy="false"]').waitFor();
    const names = await panel.getByTestId("reorder-account-name").allInnerTexts();
    expect(names.length).toBeGreaterThan(1);

    await panel.getByTestId("reorder-select").nth(0).check();
    await panel.getByTestId("reorder-select").nth(1).check();
    await waitForText(panel.getByTestId("reorder-create-tasks"), "Create follow-up tasks (2 selected)");
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/api/analytics/reorders/tasks")),
      panel.getByTestId("reorder-create-tasks").click(),
    ]);
    expect(answer.status()).toBe(200);
    const { created, message } = (await answer.json()) as { created: number; message: string };
    expect(created).toBe(2);
    await page.getByTestId("toast").filter({ hasText: message }).waitFor();

    const accountName = names[0]!;
    await panel.getByTestId("reorder-account-name").first().click();
    await page.waitForURL(/\/accounts\/\d+$/);
    await page.getByTestId("reorder-rhythm-text").filter({ hasText: /^Orders about every (day|[\d,]+ days); next expected \d\d\/\d\d\/\d{4}$/ }).waitFor();
    await page.getByTestId("reorder-band-badge").waitFor();
    expect(await page.getByTestId("account-name-field").innerText()).toContain(accountName);
    await screenshot(page, "analytics-account-rhythm", { fullPage: false });

    await page.goBack();
    await radar.getByTestId("reorder-tab").nth(bandIndex).click();
    await panel.getByTestId("reorder-open-in-accounts").click();
    await page.waitForURL((url) => url.pathname === "/accounts" && url.searchParams.get("reorder") === band);
    expect(await page.getByLabel("Reorder").inputValue()).toBe(band);
    await page.getByTestId("accounts-range").filter({ hasText: `of ${counts[bandIndex]!.toLocaleString("en-US")} results` }).waitFor();
    await screenshot(page, "analytics-accounts-by-band", { fullPage: false });
    await page.close();
  });

  test("at 390 pixels wide the screen fits: the charts and tables scroll within their cards, the radar's accounts are cards", async () => {
    const page = await analyticsPage(390);
    await waitForCount(page.getByTestId("monthly-chart-month"), 24);
    await page.getByTestId("reorder-card").first().waitFor();
    await page.getByTestId("cohort-row").first().waitFor();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await screenshot(page, "analytics-390");
    await page.close();
  });
});

function parseDollars(text: string): number {
  return Number(text.replace(/[$,]/g, ""));
}
