import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { screenshot } from "./support/browser.ts";
import { CRM_BINARY, runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { animationsFinished, expectNotCut } from "./support/layout.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const HISTORY_ROWS = 3_000;
const CUSTOM_LIST = "Hospitals in the Tri-State Area";

/**
 * Issue #32's phone: at 390×844 every screen keeps to the window's width, its header shows the screen's
 * whole title and the narrow sidebar names its links; the reorder radar is cards, top products tell their
 * variants apart, the revenue chart's figures do not cover it; every dialog keeps its buttons and × in the
 * window, and a toast never covers them. Each screen is also photographed at 1440. The tests run in order
 * against one server with two years of demo history.
 */
describe("every screen and dialog on a phone", () => {
  const running = useCrmAndBrowser();
  let accountId = 0;

  beforeAll(async () => {
    const file = path.join(running.crm.dataDir, "..", "history.csv");
    const demoData = Bun.spawnSync([CRM_BINARY, "demo-data", "--rows", String(HISTORY_ROWS), "--out", file]);
    if (demoData.exitCode !== 0) throw new Error(`crm demo-data failed: ${demoData.stderr}`);
    await runCrm(running.crm, ["import-csv", file]);

    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    const call = (method: string, url: string, body?: unknown) =>
      page.evaluate(
        async ({ method, url, body }) => {
          const response = await fetch(url, body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
          return response.json();
        },
        { method, url, body },
      );
    const [first] = await call("GET", "/api/accounts?limit=1&sort=totalOrderValue&dir=desc");
    accountId = first.id;
    await call("POST", "/api/lists", { name: CUSTOM_LIST, description: "Hospital systems in New York, New Jersey and Connecticut" });
    const me = await call("GET", "/api/auth/me");
    await call("POST", "/api/tasks", { title: "Call about the quarterly reorder of 12-panel cups", assigneeId: me.id, dueDate: addDays(businessToday(), 1), accountId });
    await page.close();
  });

  async function pageOfSize(size: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(size);
    return page;
  }

  /** Each screen's address and what shows once its content is in. */
  function screens(isPhone: boolean): { name: string; path: string; content: string }[] {
    return [
      { name: "accounts", path: "/accounts", content: isPhone ? "account-card" : "account-row" },
      { name: "account-detail", path: `/accounts/${accountId}`, content: "account-info-card" },
      { name: "lists", path: "/lists", content: "list-summary-card" },
      { name: "tasks", path: "/tasks", content: "task-card" },
      { name: "analytics", path: "/analytics", content: isPhone ? "reorder-card" : "reorder-row" },
      { name: "audit", path: "/audit", content: isPhone ? "audit-card" : "audit-row" },
      { name: "settings", path: "/settings", content: "team-member-role" },
      { name: "my-account", path: "/account", content: isPhone ? "my-session-card" : "my-session-row" },
    ];
  }

  test("at 390×844 every screen keeps to the window, with its whole title in the header; photographed at 390 and 1440", async () => {
    for (const size of [PHONE, LAPTOP]) {
      const isPhone = size === PHONE;
      const page = await pageOfSize(size);
      for (const screen of screens(isPhone)) {
        await page.goto(`${running.crm.url}${screen.path}`);
        await page.getByTestId(screen.content).first().waitFor();
        await screenshot(page, `narrow-${screen.name}-${size.width}`);
        expect({ screen: screen.name, fits: (await pageWidth(page)) <= size.width }).toEqual({ screen: screen.name, fits: true });
        const title = page.getByTestId("screen-title");
        expect({ screen: screen.name, cut: await isCut(title) }).toEqual({ screen: screen.name, cut: false });
      }
      await page.close();
    }
  });

  test("the narrow sidebar names every link under its icon, each link named for screen readers too", async () => {
    const page = await pageOfSize(PHONE);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    const names = await links.allInnerTexts();
    expect(names.map((name) => name.trim().split("\n")[0])).toEqual(["Accounts", "Lists", "Tasks", "Analytics", "Audit", "Settings"]);
    const signOut = page.getByRole("button", { name: "Sign Out" });
    for (const control of [...(await links.all()), signOut]) {
      const label = control.locator("span").first();
      expect(await label.isVisible()).toBe(true);
      expect({ label: await label.innerText(), shownWhole: await isShownWhole(label) }).toEqual({ label: await label.innerText(), shownWhole: true });
    }
    await page.close();
  });

  test("the reorder radar is cards on a phone and a table at 1440; top products show whole names and SKUs; the chart's figures sit under it", async () => {
    const page = await pageOfSize(PHONE);
    await page.goto(`${running.crm.url}/analytics`);
    const radar = page.getByTestId("reorder-radar");
    await radar.getByTestId("reorder-card").first().waitFor();
    expect(await radar.getByTestId("reorder-table").count()).toBe(0);
    for (const card of (await radar.getByTestId("reorder-card").all()).slice(0, 5)) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await card.getByTestId("reorder-timing").isVisible()).toBe(true);
    }
    // The sort picker stands in for the column headers.
    await radar.getByTestId("reorder-sort-select").selectOption("name:asc");
    const names = radar.getByTestId("reorder-account-name");
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll('[data-testid="reorder-account-name"]')].map((link) => link.textContent ?? "");
      return shown.length > 1 && shown.every((name, index) => index === 0 || shown[index - 1]!.localeCompare(name, "en", { sensitivity: "base" }) <= 0);
    });
    expect(await names.count()).toBeGreaterThan(1);

    const products = page.getByTestId("top-product");
    await products.first().waitFor();
    const lines: string[] = [];
    for (const product of await products.all()) {
      await expectNotCut(product.getByTestId("top-product-name"));
      lines.push(`${await product.getByTestId("top-product-name").innerText()} ${await product.getByTestId("top-product-sku").innerText()}`);
    }
    expect(new Set(lines).size).toBe(lines.length);

    const month = page.getByTestId("monthly-chart-month").last();
    await month.hover();
    const figures = page.getByTestId("monthly-tooltip");
    await figures.waitFor();
    const [figuresBox, chartBox] = [(await figures.boundingBox())!, (await page.getByTestId("monthly-chart-scroller").boundingBox())!];
    expect(figuresBox.y).toBeGreaterThanOrEqual(chartBox.y + chartBox.height);
    // The card alone: a whole-page screenshot scrolls to the top first, which would move the pointer off the month.
    await screenshot(page.getByTestId("monthly-revenue-card"), "narrow-analytics-figures-390");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize(LAPTOP);
    await radar.getByTestId("reorder-table").waitFor();
    expect(await radar.getByTestId("reorder-card").count()).toBe(0);
    await page.close();
  });

  test("every dialog keeps its buttons and × in the window at 390×844, its form scrolling between them", async () => {
    const page = await pageOfSize(PHONE);
    const opened: string[] = [];
    async function check(name: string, dialog: Locator): Promise<void> {
      await dialog.waitFor();
      await animationsFinished(page);
      await screenshot(page, `narrow-dialog-${name}-390`, { fullPage: false });
      await expectInReach(page, dialog);
      opened.push(name);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }

    await page.goto(`${running.crm.url}/account`);
    await page.getByTestId("my-session-card").first().waitFor();
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("change-password-item").click();
    await check("change-password", page.getByTestId("change-password-dialog"));

    await page.goto(`${running.crm.url}/accounts`);
    await page.getByTestId("account-card").first().waitFor();
    await page.getByRole("button", { name: "Add Account" }).click();
    await check("add-account", page.getByTestId("account-form-modal"));
    await page.getByRole("button", { name: "Upload Accounts" }).click();
    await check("upload-accounts", page.getByTestId("import-accounts-dialog"));
    await page.getByRole("button", { name: "Clear All Data" }).click();
    await check("clear-all-data", page.getByTestId("clear-all-data-dialog"));

    await page.goto(`${running.crm.url}/accounts/${accountId}`);
    await page.getByTestId("account-info-card").waitFor();
    await page.getByTestId("edit-account-button").click();
    await check("edit-account", page.getByTestId("account-form-modal"));
    await page.getByTestId("merge-account-button").click();
    await check("merge-account", page.getByTestId("merge-account-dialog"));
    await page.getByTestId("add-contact-button").click();
    await check("add-contact", page.getByTestId("add-contact-modal"));
    await page.getByTestId("log-activity-button").click();
    await check("log-activity", page.getByTestId("log-activity-modal"));
    await page.getByTestId("view-all-orders-button").click();
    await check("all-orders", page.getByTestId("all-orders-modal"));
    await page.getByTestId("recent-orders-card").getByTestId("order-number").first().click();
    await check("order", page.getByTestId("order-dialog"));

    await page.goto(`${running.crm.url}/tasks`);
    await page.getByTestId("task-card").first().waitFor();
    await page.getByTestId("create-task-button").click();
    await check("create-task", page.getByTestId("create-task-modal"));

    await page.goto(`${running.crm.url}/lists`);
    await page.getByTestId("list-summary-card").first().waitFor();
    await page.getByTestId("create-list-button").click();
    await check("list-form", page.getByTestId("list-form-modal"));
    await page.getByRole("button", { name: `Actions for the ${CUSTOM_LIST} list` }).first().click();
    await page.getByTestId("list-delete-item").click();
    await check("delete-list", page.getByTestId("delete-list-dialog"));

    await page.goto(`${running.crm.url}/settings`);
    await page.getByTestId("invite-user-button").click();
    await check("invite-user", page.getByTestId("invite-user-modal"));

    expect(opened).toHaveLength(14);
    await page.close();
  });

  test("a toast shown while a dialog stays open stands above the dialog's buttons, clear of its ×", async () => {
    const page = await pageOfSize(PHONE);
    await page.goto(`${running.crm.url}/lists`);
    await page.getByTestId("bulk-email-assignment-button").click();
    const dialog = page.getByTestId("bulk-email-dialog");
    const emails: string[] = await page.evaluate(async () => (await fetch("/api/accounts?limit=3").then((response) => response.json())).map((account: { email: string }) => account.email));
    await dialog.getByTestId("bulk-emails-input").fill(emails.join("\n"));
    await dialog.getByTestId("bulk-target-list").selectOption("legacy");
    await dialog.getByTestId("bulk-assign-button").click();
    await dialog.getByTestId("bulk-match-summary").waitFor();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    await animationsFinished(page);
    await screenshot(page, "narrow-dialog-toast-390", { fullPage: false });
    await expectInReach(page, dialog);
    const toastBox = (await toast.boundingBox())!;
    for (const control of [...(await dialog.getByTestId("modal-footer").getByRole("button").all()), dialog.getByRole("button", { name: "Close" }).last()]) {
      expect(overlaps(toastBox, (await control.boundingBox())!)).toBe(false);
    }
    // The toast's own Close works, and the dialog stays open.
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);

    // On a laptop the dialog floats in the window's middle, its buttons in reach as well.
    await page.setViewportSize(LAPTOP);
    await screenshot(page, "narrow-dialog-bulk-result-1440", { fullPage: false });
    await expectInReach(page, dialog);
    await page.close();
  });
});

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/** Cut across or, where it wraps, below its last line. */
function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight);
}

/** Every letter of its text lies inside the element and inside its link or button: no ellipsis, nothing past the edge. */
function isShownWhole(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const text = document.createRange();
    text.selectNodeContents(node);
    const [letters, box, control] = [text.getBoundingClientRect(), node.getBoundingClientRect(), node.closest("a, button")!.getBoundingClientRect()];
    const inside = (outer: DOMRect) => letters.left >= outer.left - 0.5 && letters.right <= outer.right + 0.5;
    return node.scrollWidth <= node.clientWidth && inside(box) && inside(control);
  });
}

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The dialog lies in the window, its buttons and × with it; its body scrolls up and down only; the page does not scroll sideways. */
async function expectInReach(page: Page, dialog: Locator): Promise<void> {
  const window = page.viewportSize()!;
  const within = (box: Box | null) => box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= window.width + 0.5 && box.y + box.height <= window.height + 0.5;
  expect(within(await dialog.boundingBox())).toBe(true);
  const controls = [...(await dialog.getByTestId("modal-footer").getByRole("button").all()), dialog.getByRole("button", { name: "Close" }).last()];
  expect(controls.length).toBeGreaterThan(1);
  for (const control of controls) expect({ control: await control.innerText(), within: within(await control.boundingBox()) }).toEqual({ control: await control.innerText(), within: true });
  const body = dialog.getByTestId("modal-body");
  expect(await body.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(window.width);
}
