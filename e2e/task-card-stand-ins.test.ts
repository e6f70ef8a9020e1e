import { describe, expect, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { useCrmAndBrowser, type CrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

/**
 * A task card shows stand-ins for its '…' menu and its Reschedule popover until someone reaches for the
 * card (see useMountOnIntent), as the header does for the user menu and the bell. Whatever reaches a
 * stand-in first must still work: a hover is covered by the other e2e tests' clicks; here, a click that
 * comes without any pointer movement, the keyboard, and a click that comes before the controls' code (which
 * the first page does without: ui/on-demand.ts) is in.
 */
describe("stand-ins hand on what reaches them", () => {
  const running = useCrmAndBrowser();

  test("a click on a stand-in opens the real popover; focus on one moves to the real menu, which Enter opens", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await createTask(page, "Call the lab", 3);
    await createTask(page, "Send the price list", 4);
    await page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click();
    const cards = page.getByTestId("task-card");
    await cards.nth(1).waitFor();

    const reschedule = cards.first().getByTestId("task-reschedule-button");
    expect(await reschedule.getAttribute("data-stand-in")).toBe("true");
    await reschedule.dispatchEvent("click");
    await page.getByTestId("reschedule-panel").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("reschedule-panel").waitFor({ state: "hidden" });

    await cards.nth(1).getByTestId("task-actions-button").focus();
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "task-actions-button" && !document.activeElement.hasAttribute("data-stand-in"));
    await page.keyboard.press("Enter");
    await page.getByTestId("task-reassign-item").waitFor();
    await page.close();
  });

  test("before their code is in: the first page shows without it, and a click on the user menu or Add Account opens it once it comes", async () => {
    const menuPage = await pageHoldingCodeOnDemand(running);
    const userMenu = menuPage.page.getByTestId("user-menu-button");
    expect(await userMenu.getAttribute("data-stand-in")).toBe("true");
    await userMenu.dispatchEvent("click");
    expect(await menuPage.page.getByTestId("my-account-item").count()).toBe(0);
    menuPage.release();
    await menuPage.page.getByTestId("my-account-item").waitFor();
    await menuPage.page.close();

    const dialogPage = await pageHoldingCodeOnDemand(running);
    await dialogPage.page.getByRole("button", { name: "Add Account" }).click();
    expect(await dialogPage.page.getByRole("dialog").count()).toBe(0);
    dialogPage.release();
    await dialogPage.page.getByRole("dialog", { name: "Add Account" }).waitFor();
    await dialogPage.page.close();

    // A press that the code's arrival splits from its release: the stand-in stays until the click, which it hands on.
    const pressPage = await pageHoldingCodeOnDemand(running);
    const bell = pressPage.page.getByTestId("notification-bell");
    const box = (await bell.boundingBox())!;
    await pressPage.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await pressPage.page.mouse.down();
    const released = pressPage.release();
    await pressPage.page.waitForFunction(
      (paths) => paths.every((path) => performance.getEntriesByType("resource").some((entry) => new URL(entry.name).pathname === path)),
      released,
    );
    await pressPage.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await pressPage.page.mouse.up();
    await pressPage.page.getByTestId("notification-panel").waitFor();
    await pressPage.page.close();
  });

  test("tabs: the arrow keys, Home and End move between them and open the one reached", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.goto(`${running.crm.url}/lists`);
    const tabs = page.getByRole("tablist", { name: "Lists" }).getByRole("tab");
    await tabs.first().waitFor();
    const selected = () => page.getByRole("tab", { selected: true }).getAttribute("data-list-key");
    const first = await tabs.first().getAttribute("data-list-key");
    const second = await tabs.nth(1).getAttribute("data-list-key");
    const last = await tabs.last().getAttribute("data-list-key");
    await page.getByRole("tab", { selected: true }).focus();
    expect(await selected()).toBe(first);
    await page.keyboard.press("ArrowRight");
    expect(await selected()).toBe(second);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-selected"))).toBe("true");
    await page.getByTestId("list-tab-panel").and(page.locator(`[data-list-key="${second}"]`)).waitFor();
    await page.keyboard.press("End");
    expect(await selected()).toBe(last);
    await page.keyboard.press("Home");
    expect(await selected()).toBe(first);
    await page.keyboard.press("ArrowLeft");
    expect(await selected()).toBe(last);
    expect(await page.getByRole("tabpanel").count()).toBe(1);
    await page.close();
  });
});

/**
 * Accounts opened with every script but the first page's held until `release`: the code on demand has not
 * come. Its content shows with none of them.
 */
async function pageHoldingCodeOnDemand(running: CrmAndBrowser): Promise<{ page: Page; release: () => string[] }> {
  const page = await signedInPageWithoutWelcome(running.browser, running.crm);
  const firstPage = await scriptsOfThePage(page, "/accounts");
  const held: Route[] = [];
  let isHolding = true;
  await page.route(/\/chunk-[^/]+\.js$/, (route) => (isHolding && !firstPage.has(new URL(route.request().url()).pathname) ? void held.push(route) : route.continue()));
  await page.goto(`${running.crm.url}/accounts`);
  await page.locator('[data-testid="account-row"], [data-testid="accounts-empty"]').first().waitFor();
  const shownWith = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname).filter((name) => name.endsWith(".js")));
  expect(shownWith.filter((script) => !firstPage.has(script))).toEqual([]);
  return {
    page,
    /** Lets the held scripts come, and says which. */
    release() {
      isHolding = false;
      return held.splice(0).map((route) => {
        void route.continue();
        return new URL(route.request().url()).pathname;
      });
    },
  };
}

/** The scripts the page for `urlPath` names: its entry and the modules it preloads. */
async function scriptsOfThePage(page: Page, urlPath: string): Promise<Set<string>> {
  const html = await page.evaluate((path) => fetch(path).then((response) => response.text()), urlPath);
  return new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((match) => match[1]!));
}

async function createTask(page: Page, title: string, dueInDays: number): Promise<void> {
  const me = await page.evaluate(() => fetch("/api/auth/me").then((response) => response.json() as Promise<{ id: number }>));
  const status = await page.evaluate(
    (task) => fetch("/api/tasks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(task) }).then((response) => response.status),
    { title, dueDate: addDays(businessToday(), dueInDays), assigneeId: me.id },
  );
  expect(status).toBe(201);
}
