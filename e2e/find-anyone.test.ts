import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { exportCsv, itemRow, orderDateDaysAgo, type ExportRow } from "../src/testing/shipstation-csv.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll, expectWithin } from "./support/layout.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

/** The big customer buying now, last of the Pittsburgh accounts by name. */
const BIG_CUSTOMER = "Pittsburgh Toxicology Partners";
/** Small customers before it by name, which an alphabetical search showed first. */
const SMALL_CUSTOMERS = Array.from({ length: 13 }, (_, i) => `Pittsburgh Clinic ${String(i + 1).padStart(2, "0")}`);

const ROWS: ExportRow[] = [
  ...SMALL_CUSTOMERS.map((company, i) =>
    itemRow(`PC-${1000 + i}`, `front${i}@pgh-clinic${i}.com`, { "Ship To - Company": company, "Date - Order Date": orderDateDaysAgo(300 + i), "Amount - Order Total": "95.00" }),
  ),
  itemRow("PT-1", "lab@steel-city-tox.com", { "Ship To - Company": BIG_CUSTOMER, "Ship To - Phone": "4126904025", "Date - Order Date": orderDateDaysAgo(40), "Amount - Order Total": "41500.00" }),
  itemRow("PT-2", "lab@steel-city-tox.com", { "Ship To - Company": BIG_CUSTOMER, "Ship To - Phone": "4126904025", "Date - Order Date": orderDateDaysAgo(6), "Amount - Order Total": "41600.00" }),
];

/**
 * Issue #32, finding anyone: the header search ranks the big customer buying now first and, when more
 * accounts match than it shows, ends with 'See all N results', opening the accounts screen filtered by the
 * same text; Create Task's account picker ranks by the same rule; phones in results are text. At 1440 px
 * and on a phone. The tests run in order against one server.
 */
describe("finding anyone", () => {
  const running = useCrmAndBrowser();

  beforeAll(async () => {
    const file = path.join(running.crm.dataDir, "..", "pittsburgh.csv");
    writeFileSync(file, exportCsv(ROWS));
    await runCrm(running.crm, ["import-csv", file]);
  });

  async function signedIn(width: number, height: number): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width, height });
    await page.getByTestId("screen-title").waitFor();
    return page;
  }

  test("the header search shows the big customer first and 'See all 14 results', reached by arrows and Enter", async () => {
    const page = await signedIn(1440, 900);
    await page.getByTestId("header-search").fill("Pittsburgh");
    const seeAll = page.getByTestId("search-see-all");
    await seeAll.waitFor();
    const names = await page.getByTestId("search-result").evaluateAll((results) => results.map((result) => result.querySelector("span span")!.textContent));
    expect(names).toHaveLength(10);
    expect(names[0]).toBe(BIG_CUSTOMER);
    expect(await seeAll.innerText()).toBe("See all 14 results");
    // Kept in sight at the foot of the scrolled list.
    await expectWithin(seeAll, page.getByTestId("search-results"));
    expect(await seeAll.isVisible()).toBe(true);

    // Ten results, then 'See all': the eleventh ArrowDown highlights it.
    for (let i = 0; i < 11; i++) await page.keyboard.press("ArrowDown");
    expect(await seeAll.getAttribute("aria-selected")).toBe("true");
    const field = page.getByTestId("header-search");
    expect(await field.getAttribute("aria-activedescendant")).toBe(await seeAll.getAttribute("id"));
    await screenshot(page, "find-anyone-see-all", { fullPage: false });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/accounts" && url.searchParams.get("q") === "Pittsburgh");
    await page.getByTestId("screen-title").filter({ hasText: "Accounts" }).waitFor();
    expect(await field.inputValue()).toBe("");
    await page.close();
  });

  test("a phone found is shown as text under the result, not as a second link inside it", async () => {
    const page = await signedIn(1440, 900);
    await page.getByTestId("header-search").fill("412-690-4025");
    const result = page.getByTestId("search-result").filter({ hasText: BIG_CUSTOMER });
    await result.waitFor();
    expect(await result.getByTestId("search-match").innerText()).toBe("Phone: (412) 690-4025");
    expect(await page.getByTestId("search-results").locator('a[href^="tel:"], a[href^="mailto:"]').count()).toBe(0);
    // One match: nothing more to see.
    expect(await page.getByTestId("search-see-all").count()).toBe(0);
    await page.close();
  });

  test("on a phone the search panel's 'See all' fits the screen and opens the filtered accounts", async () => {
    const page = await signedIn(390, 844);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("search-panel").waitFor();
    await page.keyboard.type("Pittsburgh");
    const seeAll = page.getByTestId("search-see-all");
    await seeAll.waitFor();
    expect(await seeAll.innerText()).toBe("See all 14 results");
    const box = (await seeAll.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "find-anyone-see-all-390", { fullPage: false });
    await seeAll.click();
    await page.waitForURL((url) => url.pathname === "/accounts" && url.searchParams.get("q") === "Pittsburgh");
    await page.getByTestId("search-panel").waitFor({ state: "detached" });
    await page.close();
  });

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    test(`Create Task's account picker ranks the big customer first at ${width} px`, async () => {
      const page = await signedIn(width, height);
      await page.goto(`${running.crm.url}/tasks`);
      await page.getByTestId("create-task-button").click();
      const modal = page.getByTestId("create-task-modal");
      await modal.getByTestId("task-account-input").fill("Pittsburgh");
      const options = page.getByTestId("task-account-option");
      await options.first().waitFor();
      expect(await options.count()).toBe(10);
      expect(await options.first().innerText()).toContain(BIG_CUSTOMER);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `find-anyone-task-picker-${width}`, { fullPage: false });
      await options.first().click();
      expect(await modal.getByTestId("task-account-input").inputValue()).toBe(BIG_CUSTOMER);
      await page.close();
    });
  }
});
