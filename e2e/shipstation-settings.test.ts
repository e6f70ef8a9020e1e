import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { pacificNow, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder, startShipStationStandIn } from "../src/testing/shipstation-stand-in.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

const SALES_USER = { email: "sam@example.com", password: "sam-password-1" };
/** Orders the stand-in holds, one a minute back from now: three pages of 500 for a backfill. */
const ORDER_COUNT = 1200;
const WEBHOOK_SECRET = "hook-secret-7Qp2x9Lm";
const WEBHOOK_BUYER = { email: "wanda.harbor@webhook-harbor.example", company: "Webhook Harbor Clinic", name: "Wanda Harbor" };

/**
 * The ShipStation settings against a local ShipStation API (the stand-in, in this process): saving the
 * credentials, testing the connection, the webhook URL with its secret and a real webhook delivered to it,
 * and a backfill of three pages. The tests run in order against one server and build on each other.
 */
describe("ShipStation settings: credentials, connection test, webhook URL, a webhook and a backfill", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  // Before the CRM starts: it is given the stand-in's address then.
  beforeAll(() => {
    standIn = startShipStationStandIn();
    standIn.addOrders(Array.from({ length: ORDER_COUNT }, (_, index) => standInOrder(index + 1, { orderDate: pacificNow(-(index + 2)) })));
  });
  const running = useCrmAndBrowser(() => ({ SHIPSTATION_API_URL: standIn.url }));

  beforeAll(async () => {
    await runCrm(running.crm, ["user", "add", "--email", SALES_USER.email, "--name", "Sam Seller", "--role", "sales", "--password", SALES_USER.password]);
  });
  afterAll(() => {
    standIn?.stop();
  });

  /** A signed-in page on /settings, reached from the sidebar, the ShipStation card loaded and the welcome toast closed. */
  async function settingsPage(user?: typeof SALES_USER): Promise<Page> {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm, user);
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
    await page.getByTestId("shipstation-card").waitFor();
    return page;
  }

  test("an admin saves the API key and secret: masked afterwards, never in the page; Test Connection says Connected", async () => {
    const page = await settingsPage();
    const badge = page.getByTestId("shipstation-status-badge");
    await waitForText(badge, "Not configured");
    expect(await badge.getAttribute("data-state")).toBe("not_configured");
    expect(await page.getByTestId("shipstation-status-test").isDisabled()).toBe(true);
    expect(await page.getByTestId("webhook-url").inputValue()).toBe(`${running.crm.url}/api/webhooks/shipstation`);
    expect(await page.getByTestId("v2-webhook-url").inputValue()).toBe(`${running.crm.url}/api/webhooks/shipstation-v2`);
    // Nothing set yet: V2, which every ShipStation plan has.
    expect(await page.getByTestId("shipstation-generation-v2").isChecked()).toBe(true);
    for (const field of ["webhook-secret", "api-key", "api-secret", "v2-api-key"]) {
      const input = page.getByTestId(`${field}-input`);
      expect(await input.getAttribute("type")).toBe("password");
      expect(await input.getAttribute("placeholder")).toBe("Not set");
      expect(await input.isEnabled()).toBe(true);
      expect(await page.getByTestId(`${field}-update`).isDisabled()).toBe(true);
    }
    await page.getByTestId("backfill-card").waitFor();
    await screenshot(page, "settings-not-configured");

    await saveSecret(page, "api-key", STAND_IN_API_KEY);
    await saveSecret(page, "api-secret", STAND_IN_API_SECRET);
    // V1's key and secret, saved without a choice, put V1 in use. New credentials are not tested yet.
    await waitForText(badge, "Not tested");
    expect(await page.getByTestId("shipstation-generation-v1").isChecked()).toBe(true);
    await screenshot(page, "settings-credentials-saved");

    // Neither the page nor what the server gives it holds the secrets, before and after a reload.
    await expectNotInPage(page, [STAND_IN_API_KEY, STAND_IN_API_SECRET]);
    const served = await page.evaluate(() => fetch("/api/settings").then((response) => response.text()));
    expect(served).not.toContain(STAND_IN_API_SECRET);
    expect(served).not.toContain(STAND_IN_API_KEY);
    await page.reload();
    await waitForPlaceholder(page.getByTestId("api-secret-input"), `Saved: …${STAND_IN_API_SECRET.slice(-4)}`);
    await expectNotInPage(page, [STAND_IN_API_KEY, STAND_IN_API_SECRET]);

    const requestsBefore = standIn.requests.length;
    await page.getByTestId("shipstation-status-test").click();
    await expectToast(page, "Connection successful");
    await waitForText(badge, "Connected");
    expect(await badge.getAttribute("data-state")).toBe("connected");
    expect(await page.getByTestId("shipstation-status").innerText()).toContain("Last tested");
    // The test really asked the ShipStation API.
    expect(standIn.requests.length).toBeGreaterThan(requestsBefore);
    await screenshot(page, "settings-connected");
    await page.close();
  });

  test("the webhook secret is saved, the copied webhook URL carries it, and a webhook sent there creates the account", async () => {
    const page = await settingsPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(running.crm.url).origin });
    const note = page.getByTestId("webhook-url-note");
    expect(await note.innerText()).toContain("Set a Webhook Secret below");

    await saveSecret(page, "webhook-secret", WEBHOOK_SECRET);
    await note.filter({ hasText: "The copied URL includes the webhook secret you just saved." }).waitFor();
    // The URL on screen stays bare.
    expect(await page.getByTestId("webhook-url").inputValue()).toBe(`${running.crm.url}/api/webhooks/shipstation`);
    await expectNotInPage(page, [WEBHOOK_SECRET, STAND_IN_API_SECRET]);

    await page.getByTestId("webhook-url-copy").click();
    await expectToast(page, "Copied to clipboard");
    const copiedWebhookUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedWebhookUrl).toBe(`${new URL(running.crm.url).origin}/api/webhooks/shipstation?secret=${WEBHOOK_SECRET}`);
    await screenshot(page, "settings-webhook-copied");

    // ShipStation's call: the new order is in an import batch of the API, named by resource_url.
    const model = standInOrder(900_001);
    const resourceUrl = standIn.addOrders(
      [standInOrder(900_001, { customerEmail: WEBHOOK_BUYER.email, orderDate: pacificNow(-3), shipTo: { ...model.shipTo, company: WEBHOOK_BUYER.company, name: WEBHOOK_BUYER.name } })],
      "batch-x",
    );
    expect(resourceUrl).toBe(`${standIn.url}/orders?importBatch=batch-x`);
    const refused = await fetch(copiedWebhookUrl.replace(WEBHOOK_SECRET, "wrong-secret-123"), webhookCall(resourceUrl ?? ""));
    expect(refused.status).toBe(401);
    const delivered = await fetch(copiedWebhookUrl, webhookCall(resourceUrl ?? ""));
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ received: true });

    // The worker fetches the batch in the background: the account shows up on the server...
    await waitForAccountWithEmail(page, WEBHOOK_BUYER.email);
    expect(standIn.requests.some((url) => url.searchParams.get("importBatch") === "batch-x")).toBe(true);
    // ...and in the header search, whose result opens it.
    const search = page.getByTestId("header-search");
    await search.fill(WEBHOOK_BUYER.company);
    const hit = page.getByTestId("search-result").filter({ hasText: WEBHOOK_BUYER.company });
    await hit.waitFor();
    await screenshot(page, "settings-webhook-account-found");
    await hit.click();
    await page.getByTestId("account-detail-screen").waitFor();
    await page.getByTestId("recent-orders-card").getByText("SS-900001").waitFor();
    await screenshot(page, "settings-webhook-account");
    await page.close();
  });

  test("a 30-day backfill starts from the dashboard and finishes: 3 pages, 1,200 orders and accounts created", async () => {
    const page = await settingsPage();
    const card = page.getByTestId("backfill-card");
    await waitForText(card.getByTestId("backfill-none"), "No backfill has run yet.");
    const days = card.getByTestId("backfill-days");
    expect(await days.inputValue()).toBe("30");
    expect(await days.getAttribute("min")).toBe("1");
    expect(await days.getAttribute("max")).toBe("90");
    await days.fill("30");

    await card.getByTestId("backfill-start").click();
    await expectToast(page, "Backfill Started", "Historical data import for 30 days has been started.");
    const status = card.getByTestId("backfill-status");
    await status.waitFor();
    expect(await status.innerText()).toContain("Last 30 days, started from the dashboard");
    await card.locator('[data-testid="backfill-status"][data-state="succeeded"]').waitFor({ timeout: 60_000 });
    await waitForText(card.getByTestId("backfill-state"), "Completed");
    await waitForText(card.getByTestId("backfill-pages"), "3");
    await waitForText(card.getByTestId("backfill-orders-created"), "1,200");
    // The webhook's order is in the window too; it was already there, unchanged.
    await waitForText(card.getByTestId("backfill-orders-updated"), "0");
    await waitForText(card.getByTestId("backfill-accounts-created"), "1,200");
    expect(await card.getByTestId("backfill-finished-at").innerText()).not.toBe("—");
    expect(await card.getByTestId("backfill-error").count()).toBe(0);
    await waitForText(card.getByTestId("backfill-start"), "Start Backfill");
    expect(await card.getByTestId("backfill-start").isEnabled()).toBe(true);
    await screenshot(page, "settings-backfill-done");

    // Three pages of at most 500 were asked of ShipStation for the window.
    const pagesAsked = standIn.requests.filter((url) => url.pathname === "/orders" && url.searchParams.has("orderDateStart"));
    expect(pagesAsked.map((url) => url.searchParams.get("page"))).toEqual(["1", "2", "3"]);

    // The accounts screen has the 1,200 new accounts and the webhook's one.
    await page.getByRole("navigation").getByRole("link", { name: "Accounts" }).click();
    await page.getByTestId("accounts-range").filter({ hasText: /of 1,?201 results/ }).waitFor();
    await page.close();
  });

  test("a sales user sees the settings read-only, without how the secrets end, a connection test or the Backfill card", async () => {
    const page = await settingsPage(SALES_USER);
    await waitForText(page.getByTestId("shipstation-status-badge"), "Connected");
    await waitForText(page.getByTestId("settings-admin-note"), "Only administrators can change these settings.");
    for (const field of ["webhook-secret", "api-key", "api-secret"]) {
      expect(await page.getByTestId(`${field}-input`).isDisabled()).toBe(true);
      expect(await page.getByTestId(`${field}-update`).isDisabled()).toBe(true);
    }
    expect(await page.getByTestId("api-key-input").getAttribute("placeholder")).toBe("Saved");
    expect(await page.getByTestId("shipstation-status-test").count()).toBe(0);
    expect(await page.getByTestId("backfill-card").count()).toBe(0);
    await expectNotInPage(page, [WEBHOOK_SECRET, STAND_IN_API_KEY, STAND_IN_API_SECRET].flatMap((secret) => [secret, `…${secret.slice(-4)}`]));
    // The server refuses them too.
    const refused = await page.evaluate(async (secret) => {
      const patch = await fetch("/api/settings", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ webhookSecret: secret }) });
      const backfill = await fetch("/api/admin/backfill", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ days: 30 }) });
      const test = await fetch("/api/settings/shipstation/test", { method: "POST" });
      return [patch.status, backfill.status, test.status];
    }, "sales-cannot-set-this");
    expect(refused).toEqual([403, 403, 403]);
    await screenshot(page, "settings-sales-read-only");
    await page.close();
  });
});

/** Types a secret into its field and presses Update: the toast, then an empty field whose placeholder shows only the last 4 characters. */
async function saveSecret(page: Page, field: string, value: string): Promise<void> {
  const input = page.getByTestId(`${field}-input`);
  await input.fill(value);
  await page.getByTestId(`${field}-update`).click();
  const toast = page.getByTestId("toast").filter({ hasText: "Settings Updated" });
  await toast.waitFor();
  expect(await toast.innerText()).toContain("Your settings have been saved successfully.");
  // Closed, so that the next save's toast is a new one.
  await toast.getByRole("button", { name: "Close" }).click();
  await toast.waitFor({ state: "detached" });
  await waitForPlaceholder(input, `Saved: …${value.slice(-4)}`);
  expect(await input.inputValue()).toBe("");
  expect(await input.getAttribute("placeholder")).not.toContain(value.slice(0, -4));
  expect(await page.getByTestId(`${field}-update`).isDisabled()).toBe(true);
}

async function waitForPlaceholder(input: Locator, placeholder: string): Promise<void> {
  await input.page().locator(`[data-testid="${await input.getAttribute("data-testid")}"][placeholder="${placeholder}"]`).waitFor();
}

/** Neither the page's HTML nor the values of its fields hold any of these. */
async function expectNotInPage(page: Page, secrets: string[]): Promise<void> {
  const html = await page.content();
  const values = await page.locator("input, textarea").evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value).join("\n"));
  for (const secret of secrets) {
    expect(html).not.toContain(secret);
    expect(values).not.toContain(secret);
  }
}

/**
 * Waits until GET /api/accounts finds an account with this e-mail. waitForFunction does not wait for a
 * promise (one is truthy at once), so the predicate starts a request when none is out and reports the last answer.
 */
async function waitForAccountWithEmail(page: Page, email: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const probe = window as unknown as { accountProbe?: { pending: boolean; found: boolean } };
      const state = (probe.accountProbe ??= { pending: false, found: false });
      if (!state.found && !state.pending) {
        state.pending = true;
        void fetch(`/api/accounts?q=${encodeURIComponent(wanted)}`)
          .then((response) => (response.ok ? response.json() : []))
          .then((accounts: { email: string | null }[]) => {
            state.found = accounts.some((account) => account.email === wanted);
          })
          .finally(() => {
            state.pending = false;
          });
      }
      return state.found;
    },
    email,
    { polling: 250, timeout: 30_000 },
  );
}

function webhookCall(resourceUrl: string): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ resource_url: resourceUrl, resource_type: "ORDER_NOTIFY" }) };
}

/** Waits until the element's whole text is `text`, then checks it. */
async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) }).waitFor();
  expect((await locator.innerText()).trim()).toBe(text);
}

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId("toast").filter({ hasText: title }).first();
  await toast.waitFor();
  if (description !== undefined) expect(await toast.innerText()).toContain(description);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
