import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { EXPORT_HEADER, itemRow, orderDateDaysAgo, type ExportRow } from "../src/testing/shipstation-csv.ts";
import { formatUsCalendarDate } from "../src/web/format/dates.ts";
import { screenshot } from "./support/browser.ts";
import { animationsFinished, expectNoSidewaysScroll, expectNotCut, expectWithin } from "./support/layout.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUSTOMER = { email: "purchasing@lakeshore-recovery.org", company: "Lakeshore Recovery Center" };
const CSV_NAME = "lakeshore.csv";
const TRACKING = "1Z999AA10123456784";

/** The export's columns, and the ones ShipStation adds that say what happened to an order and where it was sold. */
const HEADER = [...EXPORT_HEADER, "Order - Status", "Market - Store Name", "Amount - Order Shipping", "Date - Shipped Date", "Tracking Number"] as const;
type Row = ExportRow & Partial<Record<(typeof HEADER)[number], string>>;

/** An item row of the customer's order, with what the extra columns say. */
function row(orderNumber: string, daysAgo: number, overrides: Row): Row {
  return itemRow(orderNumber, CUSTOMER.email, { "Ship To - Company": CUSTOMER.company, "Date - Order Date": orderDateDaysAgo(daysAgo), ...overrides });
}

/**
 * Four orders: one of three lines, shipped from the web store with tracking; one of one line awaiting shipment
 * on Amazon; one cancelled; one whose source named neither status nor store. The cancelled one is listed and
 * counts in no figure: 3 orders, $582.50.
 */
const ROWS: Row[] = [
  ...[
    { "Item - SKU": "CUP-12", "Item - Name": "12-Panel Drug Test Cup", "Item - Qty": "2", "Item - Price": "100.00" },
    { "Item - SKU": "SWAB-6", "Item - Name": "Oral Fluid Swab, 6-Panel", "Item - Qty": "5", "Item - Price": "10.00" },
    { "Item - SKU": "GLV-M", "Item - Name": "Nitrile Gloves, Medium", "Item - Qty": "1", "Item - Price": "25.00" },
  ].map((item) =>
    row("SO-7001", 5, {
      ...item,
      "Amount - Order Total": "287.50",
      "Order - Status": "Shipped",
      "Market - Store Name": "Lakeshore Web Store",
      "Amount - Order Shipping": "12.50",
      "Date - Shipped Date": orderDateDaysAgo(4),
      "Tracking Number": TRACKING,
    }),
  ),
  row("SO-7002", 3, {
    "Item - SKU": "CUP-5",
    "Item - Name": "5-Panel Drug Test Cup, 25/box",
    "Item - Qty": "4",
    "Item - Price": "62.50",
    "Amount - Order Total": "250.00",
    "Order - Status": "Awaiting Shipment",
    "Market - Store Name": "Amazon Marketplace",
  }),
  row("SO-7003", 2, { "Amount - Order Total": "100.00", "Order - Status": "Cancelled", "Market - Store Name": "Lakeshore Web Store" }),
  row("SO-7004", 10, { "Item - Name": "Specimen Bags, 100/pack", "Item - SKU": "BAG-100", "Item - Price": "45.00", "Amount - Order Total": "45.00" }),
];

/**
 * Issue #27, the order staff can open: each order's status and store in the account's orders, a cancelled one
 * greyed with its total struck through and said to be left out of the totals, every line of an order in its
 * dialog with how it reached the CRM, and View All Orders filtered by status; at 1440 px and on a phone.
 */
describe("the orders of an account, as staff can open them", () => {
  const running = useCrmAndBrowser();
  let accountId = 0;

  beforeAll(async () => {
    const file = path.join(running.crm.dataDir, "..", CSV_NAME);
    writeFileSync(file, [HEADER, ...ROWS.map((values) => HEADER.map((name) => values[name] ?? ""))].map(csvLine).join("\n") + "\n");
    await runCrm(running.crm, ["import-csv", file]);
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    accountId = await page.evaluate(async (email) => {
      const accounts: { id: number; email: string }[] = await fetch("/api/accounts?limit=100").then((response) => response.json());
      return accounts.find((account) => account.email === email)!.id;
    }, CUSTOMER.email);
    await page.close();
  });

  async function accountPage(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(viewport);
    await page.goto(`${running.crm.url}/accounts/${accountId}`);
    await waitForCount(page.getByTestId("recent-orders-card").getByTestId("order-row"), 4);
    return page;
  }

  test("at 1440 px: badges, stores, prices, the cancelled order left out, its dialog, and View All Orders by status", async () => {
    const page = await accountPage(DESKTOP);
    const card = page.getByTestId("recent-orders-card");
    await waitForText(card.getByTestId("orders-totals"), "3 orders · $582.50 total · 1 cancelled or rejected not counted");

    const shipped = orderRow(card, "SO-7001");
    expect(await shipped.getByTestId("order-status").innerText()).toBe("Shipped");
    expect(await shipped.getByTestId("order-store").innerText()).toBe("Lakeshore Web Store");
    expect(await shipped.getByTestId("order-price").innerText()).toBe("3 lines");
    expect(await shipped.getAttribute("data-counts")).toBe("true");
    expect(await orderRow(card, "SO-7002").getByTestId("order-price").innerText()).toBe("$62.50");
    expect(await orderRow(card, "SO-7002").getByTestId("order-status").innerText()).toBe("Awaiting Shipment");
    // No status given: no badge, and no store under the number.
    expect(await orderRow(card, "SO-7004").getByTestId("order-status").innerText()).toBe("—");
    expect(await orderRow(card, "SO-7004").getByTestId("order-store").count()).toBe(0);

    const cancelled = orderRow(card, "SO-7003");
    expect(await cancelled.getAttribute("data-counts")).toBe("false");
    expect(await cancelled.getByTestId("order-status").innerText()).toBe("Cancelled");
    const cancelledTotal = cancelled.getByTestId("order-total");
    expect(await cancelledTotal.innerText()).toBe("$100.00");
    expect(await cancelledTotal.evaluate((cell) => getComputedStyle(cell).textDecorationLine)).toBe("line-through");
    await screenshot(page, "order-truth-1440-account");

    // The keyboard reaches each order: Enter on its number opens it.
    await shipped.getByTestId("order-number").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("order-dialog");
    await dialog.getByTestId("order-detail").waitFor();
    expect(await dialog.getByRole("heading", { name: "Order SO-7001" }).count()).toBe(1);
    expect(await dialog.getByTestId("order-dialog-status").innerText()).toBe("Shipped");
    expect(await dialog.getByTestId("order-dialog-store").innerText()).toBe("Sold in Lakeshore Web Store");
    const lines = dialog.getByTestId("order-line");
    await waitForCount(lines, 3);
    expect(await lineTexts(lines)).toEqual([
      ["CUP-12", "12-Panel Drug Test Cup", "2", "$100.00", "$200.00"],
      ["SWAB-6", "Oral Fluid Swab, 6-Panel", "5", "$10.00", "$50.00"],
      ["GLV-M", "Nitrile Gloves, Medium", "1", "$25.00", "$25.00"],
    ]);
    expect(await dialog.getByTestId("order-shipping-paid").innerText()).toContain("$12.50");
    expect(await dialog.getByTestId("order-dialog-total").innerText()).toContain("$287.50");
    expect(await dialog.getByTestId("order-ship-date").innerText()).toContain(formatUsCalendarDate(addDays(businessToday(), -4)));
    expect(await dialog.getByTestId("order-tracking").innerText()).toContain(TRACKING);
    expect(await dialog.getByTestId("order-ship-to").innerText()).toContain(CUSTOMER.company);
    const delivery = dialog.getByTestId("order-delivery");
    await waitForCount(delivery, 1);
    expect(await delivery.getAttribute("data-route")).toBe("csv");
    expect(await delivery.innerText()).toMatch(new RegExp(`CSV import #\\d+ of ${CSV_NAME}`));
    await animationsFinished(page);
    await screenshot(page, "order-truth-1440-order-dialog", { fullPage: false });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // A click anywhere on a row opens it too; the cancelled order says it counts for nothing.
    await cancelled.getByTestId("order-total").click();
    await dialog.getByTestId("order-left-out-note").waitFor();
    expect(await dialog.getByTestId("order-dialog-status").innerText()).toBe("Cancelled");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });

    // View All Orders, filtered by status on the server: the count and the pages are the status's own.
    await card.getByTestId("view-all-orders-button").click();
    const all = page.getByTestId("all-orders-modal");
    const rows = all.getByTestId("order-row");
    await waitForCount(rows, 4);
    const filter = all.getByLabel("Status");
    await filter.selectOption({ label: "Cancelled" });
    await waitForCount(rows, 1);
    expect(await rows.first().getByTestId("order-number").innerText()).toBe("SO-7003");
    await waitForText(all.getByTestId("all-orders-range"), "Showing 1-1 of 1 order");
    await animationsFinished(page);
    await screenshot(page, "order-truth-1440-all-orders-cancelled", { fullPage: false });
    await filter.selectOption({ label: "On Hold" });
    await waitForText(all.getByTestId("all-orders-empty"), "No On Hold orders.");
    await filter.selectOption({ label: "All statuses" });
    await waitForCount(rows, 4);

    // An order opened from View All Orders opens over it, and closing it goes back to the list.
    await orderRow(all, "SO-7002").click();
    await dialog.getByTestId("order-detail").waitFor();
    await waitForCount(lines, 1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await all.isVisible()).toBe(true);
    await page.close();
  });

  test("at 390 px: each order a card with its badge and store, the dialog full-screen with its lines as cards", async () => {
    const page = await accountPage(PHONE);
    const card = page.getByTestId("recent-orders-card");
    await waitForText(card.getByTestId("orders-totals"), "3 orders · $582.50 total · 1 cancelled or rejected not counted");
    await screenshot(page, "order-truth-390-account");
    await expectNoSidewaysScroll(page);
    for (const orderNumber of ["SO-7001", "SO-7002", "SO-7003"]) {
      const order = orderRow(card, orderNumber);
      await expectWithin(order.getByTestId("order-status"), order);
      await expectWithin(order.getByTestId("order-total"), order);
      await expectNotCut(order.getByTestId("order-store"));
    }

    await orderRow(card, "SO-7001").click();
    const dialog = page.getByTestId("order-dialog");
    await dialog.getByTestId("order-detail").waitFor();
    await animationsFinished(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(PHONE.width);
    for (const line of await dialog.getByTestId("order-line").all()) {
      await expectWithin(line.getByTestId("order-line-total"), dialog);
      await expectWithin(line.getByTestId("order-line-name"), dialog);
    }
    await screenshot(page, "order-truth-390-order-dialog", { fullPage: false });
    // Centred: the dialog's sticky Close bar would cover what is merely scrolled to the window's bottom edge.
    await dialog.getByTestId("order-deliveries").evaluate((list) => list.scrollIntoView({ block: "center" }));
    await screenshot(page, "order-truth-390-order-dialog-came-from", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });

    await card.getByTestId("view-all-orders-button").click();
    const all = page.getByTestId("all-orders-modal");
    await all.getByLabel("Status").selectOption({ label: "Awaiting Shipment" });
    await waitForCount(all.getByTestId("order-row"), 1);
    await animationsFinished(page);
    await expectWithin(all.getByTestId("order-row").getByTestId("order-status"), all);
    await screenshot(page, "order-truth-390-all-orders-awaiting-shipment", { fullPage: false });
    await page.close();
  });
});

/** The row of the order with that number. */
function orderRow(container: Locator, orderNumber: string): Locator {
  return container.getByTestId("order-row").filter({ has: container.page().getByTestId("order-number").getByText(orderNumber, { exact: true }) });
}

/** Each line's SKU, name, quantity, unit price and line total as the dialog's table shows them. */
async function lineTexts(lines: Locator): Promise<string[][]> {
  const texts: string[][] = [];
  for (const line of await lines.all()) {
    const cells = ["order-line-sku", "order-line-name", "order-line-quantity", "order-line-unit-price", "order-line-total"].map((id) => line.getByTestId(id).innerText());
    texts.push((await Promise.all(cells)).map((text) => text.trim()));
  }
  return texts;
}

/** One CSV record, quoting what needs it. */
function csvLine(values: readonly string[]): string {
  return values.map((value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)).join(",");
}

