/**
 * npm run bench:screens — how long each dashboard screen takes to show its content, in Chromium against
 * dist/crm serving a 200,000-row demo history (`crm demo-data`, ~20,000 accounts and ~100,000 orders,
 * imported with `crm import-csv`), with two users, an administrator and a sales rep, the active accounts
 * given to the rep and the dormant ones to the administrator. The prepared data directory is kept in the
 * system's temp folder between runs.
 *
 * For each screen (Accounts, an account, Lists, Tasks, Analytics, Settings, and Audit for the administrator), as each user, the time
 * from navigation to its content on screen (the first real row, card or chart, never a skeleton):
 *   - first load: a fresh browser context (empty cache) opening the screen's URL, median of 5;
 *   - returning: the same in a browser that has opened the dashboard before (its files and their compiled
 *     code cached, as staff's browsers are), median of 5;
 *   - first open: the first time it is opened in a session, from the sidebar (client-side), landing on Accounts;
 *   - later: opened again from another screen, client-side, median of 5.
 * And the header search (typing → results) and the Potential Duplicates toggle (click → the duplicates'
 * rows). Targets: every first load and first open at most 400 ms, every later visit at most 250 ms.
 * Timings are read in the page (performance.now(), from the navigation's start or the click), checked
 * each animation frame. The machine may be shared: compare builds run within the same minutes.
 * Before them, the floor: a React page showing the same accounts as the sales rep's first screen and nothing
 * else, loaded the same way (support/react-floor-server.ts).
 * BENCH_TIMELINE=1 also prints, for each screen's first load, the requests of the page in order.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { CRM_BINARY, readServerUrl, run, startScriptServer } from "./support/crm-process.ts";
import { builtCrm } from "../src/testing/built-crm.ts";

const ROWS = 200_000;
const VERSION = 1;
const DATA_DIR = path.join(tmpdir(), `crm-bench-screens-v${VERSION}`);
const ROUNDS = 5;
const FIRST_TARGET_MS = 400;
const LATER_TARGET_MS = 250;
const WAIT_LIMIT_MS = 30_000;
const PASSWORD = "bench-screens-password-1";
const USERS = [
  { role: "admin", email: "admin@screens.test", name: "Avery Admin" },
  { role: "sales", email: "rep@screens.test", name: "Sam Sales" },
] as const;
const SHOW_TIMELINE = process.env.BENCH_TIMELINE === "1";

/** What shows a screen's content: every `present` selector matches, no `absent` one does (a skeleton, a spinner). */
interface Content {
  present: string[];
  absent?: string[];
}

interface Screen {
  name: string;
  path: string;
  content: Content;
}

const LOADING = ['[data-testid$="-placeholder"]', '[data-testid$="-loading"]', '[aria-label="Loading"]'];
const ACCOUNT_ROWS: Content = { present: ['[data-testid="accounts-table"] [data-testid="account-row"], [data-testid="accounts-empty"]'], absent: LOADING };

/** The screens a user may open: the audit trail is the administrators' alone. */
function screens(accountId: number, role: "admin" | "sales"): Screen[] {
  const all: Screen[] = [
    { name: "Accounts", path: "/accounts", content: ACCOUNT_ROWS },
    {
      name: "An account",
      path: `/accounts/${accountId}`,
      content: { present: ['[data-testid="account-detail-screen"][data-account-id]', '[data-testid="order-row"]', '[data-testid="activity-entry"]'], absent: LOADING },
    },
    { name: "Lists", path: "/lists", content: { present: ['[data-testid="list-summary-card"]', '[data-testid="list-tab-panel"] [data-testid="account-row"], [data-testid="list-empty"]'], absent: LOADING } },
    { name: "Tasks", path: "/tasks", content: { present: ['[data-testid="task-column-count"]'], absent: LOADING } },
    {
      name: "Analytics",
      path: "/analytics",
      content: {
        present: ['[data-testid="kpi-card"]', '[data-testid="monthly-chart"]', '[data-testid="top-product"]', '[data-testid="reorder-row"], [data-testid="reorder-empty"]', '[data-testid="cohort-row"]'],
        absent: LOADING,
      },
    },
    { name: "Settings", path: "/settings", content: { present: ['[data-testid="team-member-row"]'], absent: LOADING } },
    { name: "Audit", path: "/audit", content: { present: ['[data-testid="audit-row"], [data-testid="audit-empty"]'], absent: LOADING } },
  ];
  return role === "admin" ? all : all.filter((screen) => screen.path !== "/audit");
}

/** The Potential Duplicates toggle's answer: rows, every one of them flagged. */
const DUPLICATE_ROWS: Content = {
  present: ['[data-testid="accounts-table"] [data-testid="account-row"] [data-testid="duplicate-account-badge"]'],
  absent: [...LOADING, '[data-testid="accounts-table"] [data-testid="account-row"]:not(:has([data-testid="duplicate-account-badge"]))'],
};

interface Figures {
  firstLoads: number[];
  returningLoads: number[];
  firstOpen: number | null;
  later: number[];
}

builtCrm();
await prepareDataDir();
const server = await startServer(DATA_DIR);
const browser = await launchBrowser();
try {
  const admin = await signIn(server.url, USERS[0].email);
  const rep = await signIn(server.url, USERS[1].email);
  const accountId = await busiestAccount(server.url, admin);
  const queries = await searchQueries(server.url, admin);
  await printFloor(browser, server.url, rep);
  for (const user of USERS) {
    const cookie = user === USERS[0] ? admin : rep;
    const results = new Map<string, Figures>();
    for (const screen of screens(accountId, user.role)) results.set(screen.name, { firstLoads: await firstLoads(browser, server.url, cookie, screen), returningLoads: [], firstOpen: null, later: [] });
    await returningLoads(browser, server.url, cookie, screens(accountId, user.role), results);
    await visitsInOneSession(browser, server.url, cookie, screens(accountId, user.role), results);
    results.set("Potential Duplicates toggle", await duplicatesToggle(browser, server.url, cookie));
    results.set("Header search (typing → results)", await headerSearch(browser, server.url, cookie, queries));
    printTable(`${user.name} (${user.role}), ${ROWS.toLocaleString("en-US")}-row history`, results);
  }
} finally {
  await browser.close();
  await server.stop();
}

// ---------------------------------------------------------------------------------------------------
// The measurements

async function firstLoads(browser: Browser, url: string, cookie: string, screen: Screen): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { context, page } = await freshPage(browser, url, cookie);
    try {
      await page.goto(`${url}${screen.path}`, { waitUntil: "commit" });
      times.push(await shownSince(page, screen.content, 0));
      if (SHOW_TIMELINE && round === ROUNDS - 1) console.log(`${screen.name}, first load:\n${await timeline(page)}`);
    } finally {
      await context.close();
    }
  }
  return times;
}

/**
 * The floor under first loads: a React page showing the accounts the sales rep's Accounts screen shows first,
 * and nothing else (support/react-floor-server.ts), loaded in a fresh browser as the screens are.
 */
async function printFloor(browser: Browser, url: string, cookie: string): Promise<void> {
  const rowsFile = path.join(tmpdir(), `crm-bench-screens-floor-${process.pid}.json`);
  const rows = await api<unknown[]>(url, cookie, "GET", "/api/accounts?owner=me");
  writeFileSync(rowsFile, JSON.stringify(rows));
  const floor = await startScriptServer("react-floor-server.ts", [rowsFile]);
  try {
    const loads = (await firstLoads(browser, floor.url, "floor=1", { name: "floor", path: "/", content: ACCOUNT_ROWS })).toSorted((a, b) => a - b);
    console.log(
      `floor: a React page showing the rep's first ${rows.length} accounts and nothing else, first load in a fresh browser: ` +
        `median ${loads[loads.length >> 1]!.toFixed(0)} ms (slowest ${loads.at(-1)!.toFixed(0)})`,
    );
  } finally {
    await floor.stop();
    rmSync(rowsFile, { force: true });
  }
}

/** One browser that opened the dashboard three times before: each screen's URL opened in it. */
async function returningLoads(browser: Browser, url: string, cookie: string, all: Screen[], results: Map<string, Figures>): Promise<void> {
  const { context, page } = await freshPage(browser, url, cookie);
  try {
    // V8 keeps a script's compiled code once it has run it from the cache twice.
    for (let visit = 0; visit < 3; visit++) {
      await page.goto(`${url}${all[0]!.path}`, { waitUntil: "commit" });
      await shownSince(page, all[0]!.content, 0);
    }
    for (const screen of all) {
      for (let round = 0; round < ROUNDS; round++) {
        await page.goto(`${url}${screen.path}`, { waitUntil: "commit" });
        results.get(screen.name)!.returningLoads.push(await shownSince(page, screen.content, 0));
      }
    }
  } finally {
    await context.close();
  }
}

/** One session landing on Accounts: each other screen opened for the first time, then each again, from Accounts (Lists for Accounts itself). */
async function visitsInOneSession(browser: Browser, url: string, cookie: string, all: Screen[], results: Map<string, Figures>): Promise<void> {
  const [accounts, ...others] = all as [Screen, ...Screen[]];
  const { context, page } = await freshPage(browser, url, cookie);
  try {
    await page.goto(`${url}${accounts.path}`, { waitUntil: "commit" });
    await shownSince(page, accounts.content, 0);
    for (const screen of others) {
      results.get(screen.name)!.firstOpen = await openInApp(page, screen);
      await openInApp(page, accounts);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const screen of others) {
        results.get(screen.name)!.later.push(await openInApp(page, screen));
        await openInApp(page, accounts);
      }
      await openInApp(page, others[1]!);
      results.get(accounts.name)!.later.push(await openInApp(page, accounts));
    }
  } finally {
    await context.close();
  }
}

/** The toggle clicked on a freshly loaded Accounts screen (first), then off and on again (later). */
async function duplicatesToggle(browser: Browser, url: string, cookie: string): Promise<Figures> {
  const { context, page } = await freshPage(browser, url, cookie);
  try {
    await page.goto(`${url}/accounts`, { waitUntil: "commit" });
    await shownSince(page, ACCOUNT_ROWS, 0);
    const toggle = () => page.getByTestId("duplicates-toggle").click();
    const firstOpen = await afterClick(page, toggle, DUPLICATE_ROWS);
    const later: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await afterClick(page, toggle, { present: ['[data-testid="account-row"]:not(:has([data-testid="duplicate-account-badge"]))'], absent: LOADING });
      later.push(await afterClick(page, toggle, DUPLICATE_ROWS));
    }
    return { firstLoads: [], returningLoads: [], firstOpen, later };
  } finally {
    await context.close();
  }
}

/** A query typed into the header's search: the first for the session (first), then the others (later). */
async function headerSearch(browser: Browser, url: string, cookie: string, queries: string[]): Promise<Figures> {
  const { context, page } = await freshPage(browser, url, cookie);
  try {
    await page.goto(`${url}/accounts`, { waitUntil: "commit" });
    await shownSince(page, ACCOUNT_ROWS, 0);
    const field = page.getByTestId("header-search");
    const times: number[] = [];
    for (const query of queries) {
      await field.fill("");
      await page.locator('[data-testid="search-result"]').first().waitFor({ state: "detached" });
      await page.evaluate(() => {
        const bench = window as unknown as { benchInputAt?: number };
        document.addEventListener("input", () => (bench.benchInputAt = performance.now()), { capture: true, once: true });
      });
      await field.fill(query);
      const inputAt = await page.evaluate(() => (window as unknown as { benchInputAt: number }).benchInputAt);
      times.push((await shownSince(page, { present: ['[data-testid="search-result"]'] }, 0)) - inputAt);
    }
    const [first, ...later] = times as [number, ...number[]];
    return { firstLoads: [], returningLoads: [], firstOpen: first, later };
  } finally {
    await context.close();
  }
}

async function openInApp(page: Page, screen: Screen): Promise<number> {
  const started = await page.evaluate((to) => {
    const at = performance.now();
    // wouter follows history.pushState, as when a link of the sidebar is clicked.
    history.pushState(null, "", to);
    return at;
  }, screen.path);
  return (await shownSince(page, screen.content, started)) - started;
}

async function afterClick(page: Page, click: () => Promise<void>, content: Content): Promise<number> {
  await page.evaluate(() => {
    const bench = window as unknown as { benchClickAt?: number };
    document.addEventListener("click", () => (bench.benchClickAt = performance.now()), { capture: true, once: true });
  });
  await click();
  const clickedAt = await page.evaluate(() => (window as unknown as { benchClickAt: number }).benchClickAt);
  return (await shownSince(page, content, clickedAt)) - clickedAt;
}

/**
 * The page's clock (ms since its navigation began) at the first animation frame after `since` on which
 * the content is on screen. Checked in the page, so that the driver's round trips add nothing.
 */
async function shownSince(page: Page, content: Content, since: number): Promise<number> {
  return page.evaluate(
    ({ present, absent, since, limit }) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const now = performance.now();
          if (now >= since && present.every((selector) => document.querySelector(selector)) && !absent.some((selector) => document.querySelector(selector))) return resolve(now);
          if (now - since > limit) return reject(new Error(`not shown within ${limit} ms: ${present.join(" & ")} at ${location.pathname}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    { present: content.present, absent: content.absent ?? [], since, limit: WAIT_LIMIT_MS },
  );
}

async function freshPage(browser: Browser, url: string, cookie: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url }]);
  return { context, page: await context.newPage() };
}

/** The page's requests in the order they began: start and end in ms since navigation, size on the wire. */
async function timeline(page: Page): Promise<string> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return { name: new URL(resource.name).pathname + new URL(resource.name).search, start: resource.startTime, end: resource.responseEnd, bytes: resource.transferSize };
    }),
  );
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { responseEnd: entry.responseEnd, domContentLoaded: entry.domContentLoadedEventEnd, bytes: entry.transferSize };
  });
  const lines = [`  ${"page".padEnd(70)} ${"0".padStart(6)} → ${navigation.responseEnd.toFixed(0).padStart(5)} ms  ${(navigation.bytes / 1024).toFixed(1)} KB (DOMContentLoaded ${navigation.domContentLoaded.toFixed(0)} ms)`];
  for (const entry of entries) lines.push(`  ${entry.name.slice(0, 70).padEnd(70)} ${entry.start.toFixed(0).padStart(6)} → ${entry.end.toFixed(0).padStart(5)} ms  ${(entry.bytes / 1024).toFixed(1)} KB`);
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------------
// The report

function printTable(title: string, results: Map<string, Figures>): void {
  const median = (values: number[]) => (values.length === 0 ? null : values.toSorted((a, b) => a - b)[values.length >> 1]!);
  const cell = (ms: number | null, target: number) => (ms === null ? "—" : `${Math.round(ms)} ms${ms <= target ? "" : " (MISSED)"}`);
  console.log(
    `\n${title}: ms from navigation to content; first load = fresh browser context, median of ${ROUNDS} (slowest); returning = the URL opened in a browser that has loaded the dashboard before, median of ${ROUNDS}; ` +
      `first open = first time in a session, client-side; later = client-side again, median of ${ROUNDS}`,
  );
  console.log(`targets: first load, returning and first open <= ${FIRST_TARGET_MS} ms, later <= ${LATER_TARGET_MS} ms`);
  console.log(`${"".padEnd(36)}${"first load".padStart(26)}${"returning".padStart(18)}${"first open".padStart(18)}${"later".padStart(18)}`);
  for (const [name, figures] of results) {
    const firstLoad = median(figures.firstLoads);
    const slowest = figures.firstLoads.length === 0 ? "" : ` (${Math.round(Math.max(...figures.firstLoads))})`;
    console.log(
      `${name.padEnd(36)}${(cell(firstLoad, FIRST_TARGET_MS) + slowest).padStart(26)}${cell(median(figures.returningLoads), FIRST_TARGET_MS).padStart(18)}` +
        `${cell(figures.firstOpen, FIRST_TARGET_MS).padStart(18)}${cell(median(figures.later), LATER_TARGET_MS).padStart(18)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// The data and the server

/**
 * The demo history imported into a data directory of its own, once: the two users added, the active
 * accounts given to the rep and the dormant ones to the administrator (a bulk owner change, as staff make).
 */
async function prepareDataDir(): Promise<void> {
  if (existsSync(path.join(DATA_DIR, "ready"))) return;
  console.log(`Preparing ${DATA_DIR} (once): ${ROWS.toLocaleString("en-US")} demo rows imported...`);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const csv = path.join(DATA_DIR, "orders.csv");
  await run([CRM_BINARY, "demo-data", "--rows", String(ROWS), "--out", csv]);
  await run([CRM_BINARY, "import-csv", csv, "--json", "--data-dir", DATA_DIR]);
  rmSync(csv);
  for (const user of USERS) {
    await run([CRM_BINARY, "user", "add", "--email", user.email, "--name", user.name, "--role", user.role, "--password", PASSWORD, "--data-dir", DATA_DIR]);
  }
  const prepared = await startServer(DATA_DIR);
  try {
    const cookie = await signIn(prepared.url, USERS[0].email);
    const team = await api<{ id: number; email: string }[]>(prepared.url, cookie, "GET", "/api/team");
    const idOf = (email: string) => team.find((member) => member.email === email)!.id;
    for (const [status, email] of [["active", USERS[1].email], ["dormant", USERS[0].email]] as const) {
      await api(prepared.url, cookie, "POST", "/api/accounts/bulk", { selection: { allMatching: { status } }, action: { kind: "setOwner", ownerUserId: idOf(email) } });
    }
  } finally {
    await prepared.stop();
  }
  writeFileSync(path.join(DATA_DIR, "ready"), new Date().toISOString());
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = Bun.spawn([CRM_BINARY, "serve", "--port", "0", "--data-dir", dataDir], { stdout: "pipe", stderr: "inherit" });
  const url = await readServerUrl(child.stdout);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function api<T>(url: string, cookie: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${route}`, { method, headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The account with the most orders: its screen is the heaviest to show. */
async function busiestAccount(url: string, cookie: string): Promise<number> {
  const [account] = await api<{ id: number }[]>(url, cookie, "GET", "/api/accounts?sort=orderCount&dir=desc&limit=1");
  return account!.id;
}

/** Six queries that find accounts: the first word of some customers' names, and a place. */
async function searchQueries(url: string, cookie: string): Promise<string[]> {
  const accounts = await api<{ name: string }[]>(url, cookie, "GET", "/api/accounts?sort=totalOrderValue&dir=desc&limit=50");
  const words = [...new Set(accounts.map((account) => account.name.split(" ")[0]!.toLowerCase()).filter((word) => word.length >= 4))];
  return [...words.slice(0, ROUNDS), "pittsburgh"].slice(0, ROUNDS + 1);
}
