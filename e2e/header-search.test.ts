import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome, signedInState } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
/** The sample's first customer, whose ship-to phone is written 813-555-0106 (stored +18135550106, shown (813) 555-0106). */
const GRANITE = "Granite Warehouse Solutions, LLC";

/**
 * The header search in dist/crm on the sample import: phones found however they are typed, each result
 * saying what it was found by, and on a phone-sized screen the search button opening the same search
 * across the top of the screen. The tests run in order against one server.
 */
describe("the header search", () => {
  const running = useCrmAndBrowser();

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
  });

  async function signedIn(width: number, height: number): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width, height });
    await page.getByTestId("screen-title").waitFor();
    return page;
  }

  /** The results shown for the text, each as its name and the line under it. */
  async function resultsFor(page: Page, field: string, text: string): Promise<string[][]> {
    await page.getByTestId(field).fill(text);
    const results = page.getByTestId("search-results");
    await results.getByRole("listbox").or(results.getByText(/^No accounts found/)).waitFor();
    return (await page.getByTestId("search-result").allInnerTexts()).map((result) => result.split("\n").slice(0, 2));
  }

  test("a phone is found however it is typed, or by a part of it, and each result says what it matched", async () => {
    const page = await signedIn(1440, 900);
    const graniteId = await page.evaluate(async (name) => {
      const answer = (await (await fetch(`/api/search?q=${encodeURIComponent(name)}`)).json()) as { accounts: { id: number }[] };
      const id = answer.accounts[0]!.id;
      const body = JSON.stringify({ accountId: id, firstName: "Tina", lastName: "Desk", email: "tina@gws.com", phone: "727.555.0142" });
      const added = await fetch("/api/contacts", { method: "POST", headers: { "Content-Type": "application/json" }, body });
      if (!added.ok) throw new Error(`adding the contact answered ${added.status}`);
      return id;
    }, GRANITE);

    const typedOneWay = await resultsFor(page, "header-search", "813-555-0106");
    expect(typedOneWay).toContainEqual([GRANITE, "Phone: (813) 555-0106"]);
    expect(typedOneWay.every(([, why]) => why!.startsWith("Phone: "))).toBe(true);
    for (const typed of ["8135550106", "(813) 555-0106", "+1 813 555 0106"]) expect(await resultsFor(page, "header-search", typed)).toEqual(typedOneWay);
    expect(await resultsFor(page, "header-search", "5550106")).toEqual(await resultsFor(page, "header-search", "555-0106"));
    expect(await resultsFor(page, "header-search", "555-0106")).toEqual(expect.arrayContaining(typedOneWay));

    expect(await resultsFor(page, "header-search", "(727) 555-0142")).toEqual([[GRANITE, "Phone: (727) 555-0142"]]);
    expect(await resultsFor(page, "header-search", "SO-100001")).toEqual([[GRANITE, "Order SO-100001"]]);
    expect(await resultsFor(page, "header-search", "Angela Naka")).toEqual([[GRANITE, "Contact: Angela Nakamura"]]);
    expect(await resultsFor(page, "header-search", "Granite Ware")).toEqual([[GRANITE, "gws.com"]]);

    const mixed = await resultsFor(page, "header-search", "desk");
    expect(mixed).toContainEqual([GRANITE, "Contact: Tina Desk"]);
    expect(mixed).toContainEqual(["San Jose Pain Management", "Email: frontdesk@sanjosepainmanagement.com"]);
    await screenshot(page, "header-search-matched-on", { fullPage: false });

    await resultsFor(page, "header-search", "+1 (813) 555-0106");
    await screenshot(page, "header-search-phone", { fullPage: false });
    await page.getByTestId("search-result").filter({ hasText: GRANITE }).click();
    await page.waitForURL(`**/accounts/${graniteId}`);
    await page.close();
  });

  test("on a phone-sized screen the Search button opens the same search across the top; Escape closes it", async () => {
    // Headless UI's code comes on demand (on-demand.ts). It is held back here until the Search button has been
    // pressed, as on a page opened a moment before or over a slow network: the dialog must still hand the focus
    // back to the button, though Headless UI was not yet there to see it pressed.
    const context = await running.browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await signedInState(running.browser, running.crm) });
    let releaseHeadlessUi = () => {};
    const headlessUiReleased = new Promise<void>((resolve) => (releaseHeadlessUi = resolve));
    await context.route("**/*.js", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("data-headlessui-focus-guard")) await headlessUiReleased;
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${running.crm.url}/accounts`);
    await page.getByTestId("screen-title").waitFor();
    expect(await page.getByTestId("header-search").isVisible()).toBe(false);
    const searchButton = page.getByRole("button", { name: "Search" });
    await screenshot(page, "header-search-button-390", { fullPage: false });
    await searchButton.click();
    releaseHeadlessUi();
    const panel = page.getByTestId("search-panel");
    await panel.waitFor();
    // Opened to be typed in at once.
    await page.keyboard.type("8135550106");
    expect(await page.getByTestId("search-panel-input").inputValue()).toBe("8135550106");
    await page.getByTestId("search-result").filter({ hasText: GRANITE }).waitFor();
    expect(await page.getByTestId("search-result").filter({ hasText: GRANITE }).getByTestId("search-match").innerText()).toBe("Phone: (813) 555-0106");
    const box = (await panel.boundingBox())!;
    expect([box.x, box.y, box.width]).toEqual([0, 0, 390]);
    await screenshot(page, "header-search-phone-390", { fullPage: false });

    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    // The dialog hands the focus back to what opened it as it unmounts, just after its panel goes.
    await page.waitForFunction((button) => button === document.activeElement, await searchButton.elementHandle());

    // '/' opens it too, where there is no field to jump to; arrows and Enter open a result.
    await page.keyboard.press("/");
    await panel.waitFor();
    await page.keyboard.type("SO-100001");
    await waitForCount(page.getByTestId("search-result"), 1);
    await waitForText(page.getByTestId("search-match"), "Order SO-100001");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await panel.waitFor({ state: "detached" });
    await page.getByTestId("account-detail-screen").waitFor();
    await screenshot(page, "header-search-opened-390", { fullPage: false });
    await context.close();
  });
});
