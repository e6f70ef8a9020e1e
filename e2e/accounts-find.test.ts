import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const REP = { email: "rita.rep@example.com", password: "rita-password-1", name: "Rita Rep" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** In the sample: Granite Warehouse Solutions ships to 813-555-0106 and placed SO-100001. */
const GRANITE = "Granite Warehouse Solutions, LLC";

/**
 * Finding accounts on the sample import (40 accounts), as a sales rep and an administrator, at 1440 and
 * 390 pixels: "My accounts" by default, the owner, text and List filters in the URL, the pager's page
 * numbers, and the owner changed in place on the account screen. The tests run in order against one server.
 */
describe("finding accounts: my accounts, owner, text and list filters, page numbers", () => {
  const running = useCrmAndBrowser();
  let repId = 0;
  const repAccounts: string[] = [];

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    await runCrm(running.crm, ["user", "add", "--email", REP.email, "--name", REP.name, "--role", "sales", "--password", REP.password]);
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    const given = await page.evaluate(async (repEmail) => {
      const team: { id: number; email: string }[] = await fetch("/api/team").then((response) => response.json());
      const rep = team.find((member) => member.email === repEmail)!;
      // Rita looks after the first three accounts by name; the rest are the admin's or nobody's.
      const accounts: { id: number; name: string }[] = await fetch("/api/accounts?limit=3&sort=name").then((response) => response.json());
      const response = await fetch("/api/accounts/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ selection: { ids: accounts.map((account) => account.id) }, action: { kind: "setOwner", ownerUserId: rep.id } }),
      });
      if (!response.ok) throw new Error(`bulk owner change answered ${response.status}`);
      return { repId: rep.id, names: accounts.map((account) => account.name) };
    }, REP.email);
    repId = given.repId;
    repAccounts.push(...given.names);
    await page.close();
  });

  async function signedIn(viewport: typeof DESKTOP, user?: typeof REP): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, user);
    await page.setViewportSize(viewport);
    return page;
  }

  const range = (page: Page) => page.getByTestId("accounts-range");
  const shownNames = (page: Page, viewport: typeof DESKTOP) =>
    page.getByTestId(viewport === PHONE ? "account-card" : "account-row").getByTestId("account-name").allInnerTexts();

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px a sales rep lands on their own accounts, and All owners is kept in the URL`, async () => {
      const page = await signedIn(viewport, REP);
      await waitForText(range(page), "Showing 1 to 3 of 3 results");
      expect(new URL(page.url()).pathname).toBe("/accounts");
      expect(new URL(page.url()).searchParams.get("owner")).toBeNull();
      expect(await shownNames(page, viewport)).toEqual(repAccounts);
      if (viewport === PHONE) {
        // The first account sits high on the phone: the filters are behind one button that counts them.
        const firstCard = await page.getByTestId("account-card").first().boundingBox();
        expect(firstCard!.y).toBeLessThan(330);
        await waitForText(page.getByTestId("account-filters-count"), "1");
        expect(await page.getByTestId("owner-filter").isVisible()).toBe(false);
        await expectNoSidewaysScroll(page);
        await screenshot(page, `find-my-accounts-${viewport.width}`, { fullPage: false });
        await page.getByTestId("account-filters-toggle").click();
      } else {
        expect(await page.getByTestId("account-row").first().getByTestId("account-owner").innerText()).toBe(REP.name);
        await screenshot(page, `find-my-accounts-${viewport.width}`, { fullPage: false });
      }
      expect(await page.getByTestId("owner-filter").inputValue()).toBe("me");
      await page.getByTestId("owner-filter").selectOption("all");
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      expect(new URL(page.url()).searchParams.get("owner")).toBe("all");
      await page.reload();
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      // Unassigned, then back to Me.
      if (viewport === PHONE) await page.getByTestId("account-filters-toggle").click();
      await page.getByTestId("owner-filter").selectOption("none");
      await page.waitForURL((url) => url.searchParams.get("owner") === "none");
      const unassigned = await page.evaluate(() => fetch("/api/accounts?owner=none&limit=1").then((response) => response.headers.get("x-total-count")));
      await range(page).filter({ hasText: new RegExp(`of ${unassigned} results`) }).waitFor();
      await page.getByTestId("owner-filter").selectOption("me");
      await waitForText(range(page), "Showing 1 to 3 of 3 results");
      expect(new URL(page.url()).searchParams.get("owner")).toBeNull();
      await page.close();
    });

    test(`at ${viewport.width} px the text filter finds an account by its phone in another format and by an order number`, async () => {
      const page = await signedIn(viewport);
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      const search = page.getByTestId("accounts-search");
      // The hint fits the box: what it finds on a wide screen, a word on a phone's narrower box.
      expect(await search.getAttribute("placeholder")).toBe(viewport.width >= 768 ? "Name, phone, order #" : "Search");
      await search.fill("(813) 555 0106");
      await page.waitForURL((url) => url.searchParams.get("q") === "(813) 555 0106");
      await waitForText(range(page), "Showing 1 to 1 of 1 results");
      expect(await shownNames(page, viewport)).toEqual([GRANITE]);
      await screenshot(page, `find-by-phone-${viewport.width}`, { fullPage: false });

      await search.fill("so-100001");
      await page.waitForURL((url) => url.searchParams.get("q") === "so-100001");
      await waitForText(range(page), "Showing 1 to 1 of 1 results");
      expect(await shownNames(page, viewport)).toEqual([GRANITE]);

      // Nothing found says what is on, and Clear filters empties the box too.
      await search.fill("no such customer anywhere");
      const empty = page.getByTestId("accounts-no-matches");
      await empty.filter({ hasText: "No accounts match these filters: Text: “no such customer anywhere”." }).waitFor();
      await screenshot(page, `find-nothing-${viewport.width}`, { fullPage: false });
      await empty.getByRole("button", { name: "Clear filters" }).click();
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      expect(await search.inputValue()).toBe("");
      await page.close();
    });

    test(`at ${viewport.width} px the List filter and the pager's page numbers, last page and page size`, async () => {
      const page = await signedIn(viewport);
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      if (viewport === PHONE) await page.getByTestId("account-filters-toggle").click();
      const legacy = await page.evaluate(() => fetch("/api/accounts?list=legacy&limit=1").then((response) => Number(response.headers.get("x-total-count"))));
      expect(legacy).toBeGreaterThan(0);
      await page.getByTestId("list-filter").selectOption("legacy");
      await page.waitForURL((url) => url.searchParams.get("list") === "legacy");
      await range(page).filter({ hasText: new RegExp(`of ${legacy} results`) }).waitFor();
      if (viewport === PHONE) await waitForText(page.getByTestId("account-filters-count"), "1");
      await page.getByTestId("list-filter").selectOption("");
      await waitForText(range(page), "Showing 1 to 10 of 40 results");

      const pager = page.getByTestId("accounts-pager");
      // A phone offers the first page's number, the current one's and the last's, which stand for First and Last.
      const [jumpTo, first, last] = viewport === PHONE ? ["Page 4", "Page 1", "Page 4"] : ["Page 3", "First page", "Last page"];
      await pager.getByRole("button", { name: jumpTo, exact: true }).click();
      const jumped = jumpTo === "Page 3" ? "Showing 21 to 30 of 40 results" : "Showing 31 to 40 of 40 results";
      await waitForText(range(page), jumped);
      expect(new URL(page.url()).searchParams.get("page")).toBe(jumpTo.slice(-1));
      expect(await pager.getByRole("button", { name: jumpTo, exact: true }).getAttribute("aria-current")).toBe("page");
      await pager.getByRole("button", { name: first, exact: true }).click();
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      await pager.getByRole("button", { name: last, exact: true }).click();
      await waitForText(range(page), "Showing 31 to 40 of 40 results");
      expect(await pager.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
      await screenshot(page, `find-last-page-${viewport.width}`);
      await pager.getByRole("button", { name: "Page 1", exact: true }).click();
      await waitForText(range(page), "Showing 1 to 10 of 40 results");
      await page.getByTestId("accounts-page-size").selectOption("25");
      await waitForText(range(page), "Showing 1 to 25 of 40 results");
      await pager.getByRole("button", { name: "Page 2" }).click();
      await waitForText(range(page), "Showing 26 to 40 of 40 results");
      await page.getByTestId("accounts-page-size").selectOption("10");
      await page.close();
    });

    test(`at ${viewport.width} px the owner is changed in place on the account screen`, async () => {
      const page = await signedIn(viewport);
      const granite = await page.evaluate(() => fetch("/api/accounts?q=so-100001").then((response) => response.json()).then((found: { id: number }[]) => found[0]!.id));
      await page.goto(`${running.crm.url}/accounts/${granite}`);
      const owner = page.getByTestId("account-owner-inline");
      await owner.waitFor();
      const before = await owner.inputValue();
      const chosen = before === String(repId) ? "" : String(repId);
      await owner.selectOption(chosen);
      await page.getByTestId("toast").filter({ hasText: "Owner updated" }).first().waitFor();
      await screenshot(page, `find-owner-inline-${viewport.width}`, { fullPage: false });
      await page.reload();
      await page.getByTestId("account-owner-inline").waitFor();
      expect(await page.getByTestId("account-owner-inline").inputValue()).toBe(chosen);
      const stored = await page.evaluate((id) => fetch(`/api/accounts/${id}`).then((response) => response.json()).then((account: { ownerUserId: number | null }) => account.ownerUserId), granite);
      expect(stored).toBe(chosen === "" ? null : repId);
      // Back to whoever had it, so that the rep's accounts stay the three the other tests count.
      await page.getByTestId("account-owner-inline").selectOption(before);
      await page.getByTestId("toast").filter({ hasText: "Owner updated" }).first().waitFor();
      await page.waitForFunction(
        async ({ id, owner }) => String((await fetch(`/api/accounts/${id}`).then((response) => response.json())).ownerUserId ?? "") === owner,
        { id: granite, owner: before },
      );
      await page.close();
    });
  }

  test("the lists screen finds within a tab by text and by owner", async () => {
    const page = await signedIn(DESKTOP, REP);
    await page.goto(`${running.crm.url}/lists?list=legacy`);
    const panel = page.getByTestId("list-tab-panel");
    await panel.getByTestId("accounts-range").waitFor();
    await panel.getByTestId("owner-filter").selectOption("none");
    await page.waitForURL((url) => url.searchParams.get("owner") === "none");
    const expected = await page.evaluate(() => fetch("/api/accounts?list=legacy&owner=none&limit=1").then((response) => response.headers.get("x-total-count")));
    await panel.getByTestId("accounts-range").filter({ hasText: new RegExp(`of ${expected} results`) }).waitFor();
    await panel.getByTestId("list-search").fill("zzzz nobody");
    await panel.getByTestId("list-no-matches").waitFor();
    await panel.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("owner") === null && url.searchParams.get("q") === null);
    await screenshot(page, "find-lists-screen-1440", { fullPage: false });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "find-lists-screen-390", { fullPage: false });
    await page.close();
  });
});
