import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { waitForText } from "./support/wait.ts";

const SALES = { email: "sam@example.com", password: "sales-password-42" };

/**
 * The audit trail as an administrator reads it: an account's phone and owner changed and a setting saved,
 * each with its old and new value on the Audit screen and, for the account, on its Activity tab; at a
 * desk's width and a phone's. Sales staff have no Audit entry and are told the screen is not theirs.
 */
describe("the audit trail", () => {
  const running = useCrmAndBrowser();
  let accountId = 0;

  beforeAll(async () => {
    await runCrm(running.crm, ["user", "add", "--email", SALES.email, "--name", "Sam Sales", "--role", "sales", "--password", SALES.password]);
  });

  async function adminPage(width: number): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width, height: 900 });
    return page;
  }

  test("an administrator changes an account's phone and owner and a setting, and sees each with old → new on the Audit screen and the account's Activity tab", async () => {
    const page = await adminPage(1440);
    accountId = await page.evaluate(async () => {
      const send = (method: string, url: string, body: unknown) =>
        fetch(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
      const team = (await fetch("/api/team").then((response) => response.json())) as { id: number; name: string }[];
      const sam = team.find((member) => member.name === "Sam Sales")!;
      const account = (await send("POST", "/api/accounts", { name: "Riverside Clinic", phone: "412-690-4025" })) as { id: number };
      await send("PATCH", `/api/accounts/${account.id}`, { phone: "(412) 690-4026" });
      await send("PATCH", `/api/accounts/${account.id}`, { ownerUserId: sam.id });
      return account.id;
    });

    // The setting, through Settings as an administrator saves it.
    await page.getByRole("link", { name: "Settings" }).click();
    const retention = page.getByTestId("audit-retention-card");
    await retention.getByLabel("Keep entries").selectOption("7");
    await retention.getByTestId("audit-retention-save").click();
    await page.getByTestId("toast").filter({ hasText: "Settings Updated" }).waitFor();

    await page.getByRole("link", { name: "Audit" }).click();
    const rows = page.getByTestId("audit-row");
    await rows.first().waitFor();
    const changes = page.getByTestId("audit-row-changes");
    await waitForText(changes.first(), "auditRetention: keep forever → 7 years");
    const allChanges = await changes.allInnerTexts();
    expect(allChanges).toContainEqual(expect.stringMatching(/^owner: .+ → Sam Sales$/));
    expect(allChanges).toContain("phone: (412) 690-4025 → (412) 690-4026");
    await screenshot(page, "audit-trail-1440");

    // Filtered to the account's changes, then on to the account itself. Until the filtered page comes, the
    // entries shown are dimmed and said to be busy.
    let answerFiltered!: () => void;
    const filteredHeld = new Promise<void>((resolve) => (answerFiltered = resolve));
    const filteredUrl = "**/api/admin/audit?*entity=account*";
    let held = 0;
    // The screen says it is busy as the filter changes, a moment before its request reaches the route:
    // the count is read once the request is held, not as soon as the screen says so.
    let requestHeld!: () => void;
    const heldOnce = new Promise<void>((resolve) => (requestHeld = resolve));
    await page.route(filteredUrl, async (route) => {
      held++;
      requestHeld();
      await filteredHeld;
      await route.continue();
    });
    const entries = page.getByTestId("audit-entries");
    expect(await entries.getAttribute("aria-busy")).toBe("false");
    await page.getByTestId("audit-filter-entity").selectOption("account");
    await page.locator('[data-testid="audit-entries"][aria-busy="true"]').waitFor();
    await heldOnce;
    expect(held).toBe(1);
    answerFiltered();
    await waitForText(page.getByTestId("accounts-range"), "Showing 1 to 3 of 3 results");
    await page.unroute(filteredUrl);
    expect(await entries.getAttribute("aria-busy")).toBe("false");
    expect(await page.getByTestId("audit-row-actor").allInnerTexts()).toEqual(["Administrator", "Administrator", "Administrator"]);
    await page.getByTestId("audit-table-box").getByTestId("audit-row-account-link").first().click();
    await page.waitForURL(`**/accounts/${accountId}`);
    const timeline = page.getByTestId("activity-timeline");
    await timeline.getByTestId("activity-entry").filter({ hasText: "Changed phone from (412) 690-4025 to (412) 690-4026" }).waitFor();
    expect(await timeline.innerText()).toMatch(/Changed owner from .+ to Sam Sales/);
    await screenshot(page, "audit-account-activity-1440");
    await page.close();
  });

  test("at a phone's width each entry is a stacked card with its changes, and the page does not scroll sideways", async () => {
    const page = await adminPage(390);
    await page.goto(`${running.crm.url}/audit`);
    const cards = page.getByTestId("audit-card");
    await cards.first().waitFor();
    expect(await page.getByTestId("audit-table-box").isVisible()).toBe(false);
    expect(await page.getByTestId("audit-card-changes").allInnerTexts()).toContain("phone: (412) 690-4025 → (412) 690-4026");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "audit-trail-390");
    await page.close();
  });

  test("sales staff have no Audit entry, and /audit tells them it is not theirs to see", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, SALES);
    await page.getByRole("link", { name: "Tasks" }).waitFor();
    expect(await page.getByRole("link", { name: "Audit" }).count()).toBe(0);
    await page.goto(`${running.crm.url}/audit`);
    await page.getByTestId("not-allowed").filter({ hasText: "Only administrators can see the audit trail." }).waitFor();
    expect(await page.getByTestId("audit-trail").count()).toBe(0);
    await screenshot(page, "audit-not-allowed");
    await page.close();
  });

  test("a bulk owner change is undone from its entry: the accounts are as they were, and its entry no longer offers Undo", async () => {
    const page = await adminPage(1440);
    const sam = await page.evaluate(async (id) => {
      const team = (await fetch("/api/team").then((response) => response.json())) as { id: number; name: string }[];
      const admin = team.find((member) => member.name !== "Sam Sales")!;
      await fetch("/api/accounts/bulk", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ selection: { ids: [id] }, action: { kind: "setOwner", ownerUserId: admin.id } }),
      });
      return team.find((member) => member.name === "Sam Sales")!.id;
    }, accountId);
    const owner = () => page.evaluate((id) => fetch(`/api/accounts/${id}`).then((response) => response.json()).then((account) => account.ownerUserId as number | null), accountId);
    expect(await owner()).not.toBe(sam);

    await page.getByRole("link", { name: "Audit" }).click();
    const entry = page.getByTestId("audit-row").filter({ hasText: "Bulk changed" });
    await entry.first().waitFor();
    await entry.first().getByTestId("audit-undo-bulk-change").click();
    await page.getByTestId("toast").filter({ hasText: "Undone" }).waitFor();
    expect(await owner()).toBe(sam);
    // The trail reads again, with the undoing and the one account it put back.
    await page.getByTestId("audit-row-action").filter({ hasText: /Bulk undone\s*\(1\)/ }).first().waitFor();

    expect(await entry.first().getByTestId("audit-undo-bulk-change").count()).toBe(0);
    await page.close();
  });
});
