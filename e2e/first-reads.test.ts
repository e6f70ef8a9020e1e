import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { SCREEN_CHUNKS_ID } from "../src/contracts/dashboard-paths.ts";
import { READS_PATH } from "../src/contracts/reads.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPage, signedInState } from "./support/session.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");

/** What shows each screen's content once its reads have come. */
const SCREENS: { path: string; content: string; askedOnce?: string }[] = [
  // The sales rep owns no account: their accounts, the ones they land on, are none.
  { path: "/accounts", content: '[data-testid="account-row"], [data-testid="accounts-no-matches"]' },
  { path: "/accounts/:id", content: '[data-testid="order-row"]' },
  // The shown tab is New's, known without the lists' answer: its accounts are asked for beside them.
  { path: "/lists", content: '[data-testid="list-tab-panel"] [data-testid="account-row"], [data-testid="list-empty"]', askedOnce: "/api/accounts?" },
  { path: "/tasks", content: '[data-testid="task-column-count"]' },
  { path: "/analytics", content: '[data-testid="cohort-row"]' },
  { path: "/settings", content: '[data-testid="team-member-row"]' },
  { path: "/audit", content: '[data-testid="audit-row"]' },
];
const SALES_REP = { email: "rep@first-reads.test", password: "Quartz-Lantern-Harbor-93" };
/** Each screen as each role opens it: the audit trail is the administrators' alone. */
const OPENINGS = [...SCREENS.map((screen) => ({ ...screen, role: "admin" })), ...SCREENS.filter((screen) => screen.path !== "/audit").map((screen) => ({ ...screen, role: "sales" }))];

/**
 * A page opened at a screen's URL asks for what the shell and the screen show before the dashboard has
 * rendered (web/first-reads.ts), and the screen's reads take those answers over: every read is asked for
 * once, none after the first render, which is what a wrong guess at a screen's URLs would show.
 */
describe("a page's first reads", () => {
  const running = useCrmAndBrowser();
  let accountId: number;
  const signedInStates = new Map<string, BrowserContextOptions["storageState"]>();

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    await runCrm(running.crm, ["user", "add", "--email", SALES_REP.email, "--name", "Sam Sales", "--role", "sales", "--password", SALES_REP.password]);
    for (const [role, user] of [["admin", undefined], ["sales", SALES_REP]] as const) signedInStates.set(role, await signedInState(running.browser, running.crm, user));
    const admin = await signedInPage(running.browser, running.crm);
    accountId = await admin.evaluate(async () => ((await (await fetch("/api/accounts?sort=orderCount&dir=desc&limit=1")).json()) as { id: number }[])[0]!.id);
    await admin.close();
  });

  test.each(OPENINGS)("$path as $role: each read asked for once, all before the dashboard's first render", async ({ path: screenPath, content, role, askedOnce }) => {
    // A browser of its own, signed in, that has not opened the dashboard yet.
    const context = await running.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: signedInStates.get(role) });
    const page = await context.newPage();
    await page.addInitScript(() => {
      // When the dashboard first puts something in #root: its first render.
      new MutationObserver((_, observer) => {
        if (!document.getElementById("root")?.firstChild) return;
        (window as unknown as { firstRenderAt: number }).firstRenderAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${running.crm.url}${screenPath.replace(":id", String(accountId))}`);
    await page.locator(content).first().waitFor();
    await page.waitForLoadState("networkidle");
    const { reads, firstRenderAt } = await readsOf(page);

    const askedTwice = reads.filter((read, index) => reads.findIndex((other) => other.url === read.url) !== index).map((read) => read.url);
    expect(askedTwice).toEqual([]);
    const late = reads.filter((read) => read.startedAt > firstRenderAt);
    expect(late.map((read) => read.url)).toEqual([]);
    // A wrong guess at the list's accounts would show as a second page of accounts.
    if (askedOnce) expect(reads.filter((read) => read.url.startsWith(askedOnce))).toHaveLength(1);
    await context.close();
  });

  test.each(["admin", "sales"])("each screen opened in the dashboard as %s has its first reads asked for once, ahead of it, and taken over", async (role) => {
    const context = await running.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: signedInStates.get(role) });
    const page = await context.newPage();
    await page.goto(`${running.crm.url}/accounts`);
    await page.locator(SCREENS[0]!.content).first().waitFor();
    await page.waitForLoadState("networkidle");
    for (const { path: screenPath, content } of OPENINGS.filter((opening) => opening.role === role && opening.path !== "/accounts")) {
      const openedAt = await page.evaluate((to) => {
        const at = performance.now();
        // As a link of the sidebar does: wouter follows history.pushState.
        history.pushState(null, "", to);
        return at;
      }, screenPath.replace(":id", String(accountId)));
      await page.locator(content).first().waitFor();
      await page.waitForLoadState("networkidle");
      const reads = (await readsOf(page)).reads.filter((read) => read.startedAt >= openedAt).map((read) => read.url);
      expect({ screenPath, askedTwice: reads.filter((url, index) => reads.indexOf(url) !== index) }).toEqual({ screenPath, askedTwice: [] });
      await page.evaluate(() => history.pushState(null, "", "/accounts"));
      await page.locator(SCREENS[0]!.content).first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    await context.close();
  });

  test("the page sent for a screen with code of its own names that code for preloading; the accounts table's names only the dashboard's", async () => {
    const dashboard = await preloadsOf(`${running.crm.url}/accounts`);
    expect(dashboard.length).toBeGreaterThan(0);
    for (const screenPath of ["/accounts/1", "/lists", "/tasks", "/analytics", "/settings", "/unmatched-orders", "/audit", "/account"]) {
      const screenCode = (await preloadsOf(`${running.crm.url}${screenPath}`)).filter((chunk) => !dashboard.includes(chunk));
      expect({ screenPath, named: screenCode.length > 0 }).toEqual({ screenPath, named: true });
    }
    expect(await preloadsOf(`${running.crm.url}/`)).toEqual(dashboard);
  });

  test("a screen opened in the dashboard has all of its code asked for at once, as the page's table lists it, each chunk once", async () => {
    const context = await running.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: signedInStates.get("admin") });
    const page = await context.newPage();
    await page.goto(`${running.crm.url}/accounts`);
    await page.locator(SCREENS[0]!.content).first().waitFor();
    const table = await screenChunksOf(`${running.crm.url}/accounts`);
    expect(Object.keys(table).sort()).toEqual(["/account", "/accounts/:id", "/analytics", "/audit", "/lists", "/settings", "/tasks", "/unmatched-orders"]);
    // The account's screen is a chunk importing others: without the table the browser would find those only once it had read it.
    expect(table["/accounts/:id"]!.length).toBeGreaterThan(1);
    await page.evaluate((to) => history.pushState(null, "", to), `/accounts/${accountId}`);
    await page.locator(SCREENS[1]!.content).first().waitFor();
    await page.waitForLoadState("networkidle");
    const { fetched, linked } = await page.evaluate(() => ({
      fetched: performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
      linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
    }));
    for (const chunk of table["/accounts/:id"]!) {
      expect({ chunk, linked: linked.filter((path) => path === chunk).length, fetched: fetched.filter((path) => path === chunk).length }).toEqual({ chunk, linked: 1, fetched: 1 });
    }
    // Once the page is idle every screen's code is asked for, a chunk that screens share once.
    const everyChunk = [...new Set(Object.values(table).flat())];
    await page.waitForFunction((chunks) => chunks.every((chunk) => document.querySelector(`link[rel="modulepreload"][href="${chunk}"]`)), everyChunk);
    const allLinked = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname));
    expect(allLinked.filter((chunk, index) => allLinked.indexOf(chunk) !== index)).toEqual([]);
    await context.close();
  });

  test("a screen opened before its code has come shows as soon as its code is in, not after a timer", async () => {
    const context = await running.browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: signedInStates.get("admin") });
    const page = await context.newPage();
    // The account screen's code is held until released: it is still on its way when the screen is opened.
    const accountChunks = (await screenChunksOf(`${running.crm.url}/accounts`))["/accounts/:id"]!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => accountChunks.includes(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.clock.install();
    await page.goto(`${running.crm.url}/accounts`);
    await page.locator(SCREENS[0]!.content).first().waitFor();
    // The page's clock stands still from here: whatever waits on a timer (React revealing a screen in place of
    // the spinner it showed, 300 ms later) waits for good.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.evaluate((to) => history.pushState(null, "", to), `/accounts/${accountId}`);
    await page.getByRole("status", { name: "Loading" }).waitFor();
    release();
    // Generous: with the clock stopped, a screen waiting on a timer never shows.
    await page.locator(SCREENS[1]!.content).first().waitFor({ timeout: 20_000 });
    await context.close();
  });
});

/** The table of each screen's chunks (SCREEN_CHUNKS_ID) in the page sent for `url`. */
async function screenChunksOf(url: string): Promise<Record<string, string[]>> {
  const page = await (await fetch(url)).text();
  return JSON.parse(new RegExp(`<script type="application/json" id="${SCREEN_CHUNKS_ID}">(.*?)</script>`).exec(page)![1]!) as Record<string, string[]>;
}

/** The scripts a page names for preloading. */
async function preloadsOf(url: string): Promise<string[]> {
  const page = await (await fetch(url)).text();
  return [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
}

/** The page's reads of the API, each of those asked for together (/api/reads) as a read of its own. */
async function readsOf(page: Page): Promise<{ reads: { url: string; startedAt: number }[]; firstRenderAt: number }> {
  return page.evaluate(
    ({ readsPath }) => ({
      reads: performance
        .getEntriesByType("resource")
        .map((entry) => ({ url: new URL(entry.name), startedAt: entry.startTime }))
        .filter(({ url }) => url.pathname.startsWith("/api/"))
        .flatMap(({ url, startedAt }) => (url.pathname === readsPath ? url.searchParams.getAll("url") : [url.pathname + url.search]).map((read) => ({ url: read, startedAt }))),
      firstRenderAt: (window as unknown as { firstRenderAt: number }).firstRenderAt,
    }),
    { readsPath: READS_PATH },
  );
}
