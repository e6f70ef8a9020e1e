import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { exportCsv, itemRow, orderDateDaysAgo } from "../src/testing/shipstation-csv.ts";
import { pacificNow, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder, startShipStationStandIn } from "../src/testing/shipstation-stand-in.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RIVERSIDE = { email: "orders@riverside-clinic.com", company: "Riverside Clinic" };
const LAKESHORE = { email: "buyer@lakeshore-recovery.org", company: "Lakeshore Recovery Center" };

/**
 * Issue #33: orders ShipStation's API sends without a customer e-mail wait in Unmatched Orders, reached
 * from the sidebar while some wait, each with its ship-to and the accounts it suggests; staff match one to
 * a suggested account and another to an account found by search, at 1440 px and on a phone.
 */
describe("unmatched orders, as staff match them", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  beforeAll(() => {
    standIn = startShipStationStandIn();
    const withoutEmail = { customerEmail: "" };
    standIn.addOrders([
      standInOrder(8001, {
        ...withoutEmail,
        orderDate: pacificNow(-60),
        shipTo: { name: "Jane Roe", company: "Riverside Clinic", street1: "55 North Ave", city: "Atlanta", state: "GA", postalCode: "30303", phone: "404-555-0100" },
      }),
      standInOrder(8002, {
        ...withoutEmail,
        orderDate: pacificNow(-120),
        shipTo: { name: "Pat Doe", company: "Front Desk, Building C", street1: "9 Harbor Rd", city: "Chicago", state: "IL", postalCode: "60601", phone: "312-555-0199" },
      }),
      standInOrder(8003, { ...withoutEmail, orderDate: pacificNow(-180), shipTo: { name: "Sam Lee", company: null, phone: null } }),
    ]);
  });
  const running = useCrmAndBrowser(() => ({ SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET }));
  afterAll(() => standIn?.stop());

  beforeAll(async () => {
    const file = path.join(running.crm.dataDir, "..", "customers.csv");
    writeFileSync(
      file,
      exportCsv([
        itemRow("SO-1", RIVERSIDE.email, { "Ship To - Company": RIVERSIDE.company, "Date - Order Date": orderDateDaysAgo(20) }),
        itemRow("SO-2", LAKESHORE.email, { "Ship To - Company": LAKESHORE.company, "Ship To - Name": "Lee Park", "Ship To - Address 1": "1 Lake Dr", "Ship To - Postal Code": "60614", "Ship To - Phone": "773-555-0142", "Date - Order Date": orderDateDaysAgo(25) }),
      ]),
    );
    await runCrm(running.crm, ["import-csv", file]);
    await runCrm(running.crm, ["backfill", "--days", "7"]);
  });

  async function unmatchedPage(viewport: { width: number; height: number }): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize(viewport);
    return page;
  }

  test("at 1440 px: the sidebar counts them, each shows its ship-to and suggestions; Match and the account picker move them", async () => {
    const page = await unmatchedPage(DESKTOP);
    await waitForText(page.getByTestId("sidebar-unmatched-orders-badge"), "3");
    // The backfill that brought them says where they wait.
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
    const unmatchedByBackfill = page.getByTestId("backfill-orders-unmatched");
    await waitForText(unmatchedByBackfill, "3 orders without a customer e-mail wait in Unmatched Orders.");
    await unmatchedByBackfill.getByRole("link").click();
    const orders = page.getByTestId("unmatched-order");
    await waitForCount(orders, 3);
    await screenshot(page, "unmatched-orders-1440");

    const riverside = orders.filter({ hasText: "SS-8001" });
    expect(await riverside.getByTestId("unmatched-order-ship-to").innerText()).toContain("(404) 555-0100");
    const suggestion = riverside.getByTestId("unmatched-order-suggestion");
    await waitForCount(suggestion, 1);
    expect(await suggestion.innerText()).toContain(RIVERSIDE.company);
    expect(await suggestion.innerText()).toContain("Same phone");
    expect(await orders.filter({ hasText: "SS-8003" }).getByTestId("unmatched-order-no-suggestions").count()).toBe(1);

    await suggestion.getByTestId("unmatched-order-match-suggestion").click();
    await waitForText(page.getByText("Order #SS-8001 matched to Riverside Clinic").first(), "Order #SS-8001 matched to Riverside Clinic");
    await waitForCount(orders, 2);
    await waitForText(page.getByTestId("sidebar-unmatched-orders-badge"), "2");

    // No suggestion fits the front desk's order: staff find the account by name.
    const frontDesk = orders.filter({ hasText: "SS-8002" });
    await frontDesk.getByTestId("unmatched-order-account-input").fill("Lakeshore");
    await page.getByTestId("unmatched-order-account-option").first().click();
    await frontDesk.getByTestId("unmatched-order-match-picked").click();
    await waitForCount(orders, 1);
    await waitForText(page.getByTestId("sidebar-unmatched-orders-badge"), "1");
    await screenshot(page, "unmatched-orders-1440-after-matching");

    // Each now counts in its account.
    const counts = await page.evaluate(async () => {
      const accounts: { email: string; orderCount: number }[] = await fetch("/api/accounts?limit=100").then((response) => response.json());
      return Object.fromEntries(accounts.map((account) => [account.email, account.orderCount]));
    });
    expect(counts).toMatchObject({ [RIVERSIDE.email]: 2, [LAKESHORE.email]: 2 });
    await page.close();
  });

  test("at 390 px: the last one fits the phone, and once matched the screen says so and the sidebar drops the link", async () => {
    const page = await unmatchedPage(PHONE);
    await page.goto(`${running.crm.url}/unmatched-orders`);
    const orders = page.getByTestId("unmatched-order");
    await waitForCount(orders, 1);
    await expectNoSidewaysScroll(page);
    // The narrow sidebar breaks its link's label at the soft hyphen and the space, never elsewhere inside a word.
    const labelLines = await page
      .getByRole("navigation")
      .getByRole("link", { name: "Unmatched Orders" })
      .evaluate((link) => {
        const label = [...link.querySelectorAll("span")].find((span) => span.textContent?.includes("matched"))!.firstChild!;
        const lines = new Map<number, string>();
        for (let at = 0; at < label.textContent!.length; at++) {
          const character = label.textContent![at]!;
          if (character === " " || character === "\u00AD") continue;
          const range = document.createRange();
          range.setStart(label, at);
          range.setEnd(label, at + 1);
          // A character just after a break also gets an empty box at the end of the line before.
          const top = Math.round([...range.getClientRects()].filter((box) => box.width > 0).at(-1)!.top);
          lines.set(top, (lines.get(top) ?? "") + character);
        }
        return [...lines.values()];
      });
    expect(labelLines).toEqual(["Un", "matched", "Orders"]);
    await screenshot(page, "unmatched-orders-390");

    const order = orders.first();
    await order.getByTestId("unmatched-order-account-input").fill("Riverside");
    await page.getByTestId("unmatched-order-account-option").first().click();
    await order.getByTestId("unmatched-order-match-picked").click();
    await page.getByTestId("unmatched-orders-empty").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "unmatched-orders-390-none");
    // Still reachable while open; gone from the sidebar once another screen is.
    await page.getByRole("navigation").getByRole("link", { name: "Accounts" }).click();
    await waitForCount(page.getByRole("navigation").getByRole("link", { name: /Unmatched Orders/ }), 0);
    await page.close();
  });
});
