import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Page } from "playwright-core";
import { INTL_WARM_UP_SCRIPT } from "../src/server/intl-warm-up.ts";
import { CONTENT_SECURITY_POLICY } from "../src/server/middleware/security-headers.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { fillLoginEmail } from "./support/session.ts";

const SAMPLE = path.join(import.meta.dir, "../examples/orders-sample.csv");
const SALES_USER = { email: "sam@example.com", password: "sam-password-1" };

const EXPECTED_HEADERS = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  // Served over plain HTTP: pinning HTTPS would lock everybody out.
  "strict-transport-security": null,
};

function securityHeadersOf(response: Response): Record<string, string | null> {
  return Object.fromEntries(Object.keys(EXPECTED_HEADERS).map((name) => [name, response.headers.get(name)]));
}

describe("dist/crm answers with security headers, and the dashboard runs under its policy", () => {
  const running = useCrmAndBrowser();

  beforeAll(async () => {
    await runCrm(running.crm, ["import-csv", SAMPLE]);
    await runCrm(running.crm, ["user", "add", "--email", SALES_USER.email, "--name", "Sam Seller", "--role", "sales", "--password", SALES_USER.password]);
  });

  test("the page, its script and its stylesheet carry them, and a cached copy is still answered 304", async () => {
    const page = await fetch(`${running.crm.url}/accounts`);
    expect(page.headers.get("content-type")).toStartWith("text/html");
    expect(securityHeadersOf(page)).toEqual(EXPECTED_HEADERS);
    const html = await page.text();
    // Nothing inline but data, which no browser runs (the table of screens' chunks), and Intl's early set-up, which the policy allows by its hash.
    expect(html.replace(`<script>${INTL_WARM_UP_SCRIPT}</script>`, "")).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/json")[^>]*>|<style|\sstyle=/);
    // The stylesheet, the entry script and the scripts it imports (named for preloading).
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect([...new Set(assets.map((asset) => path.extname(asset)))].sort()).toEqual([".css", ".js"]);
    for (const asset of assets) {
      const answer = await fetch(`${running.crm.url}${asset}`);
      expect({ asset, status: answer.status, headers: securityHeadersOf(answer) }).toEqual({ asset, status: 200, headers: EXPECTED_HEADERS });
      const cached = await fetch(`${running.crm.url}${asset}`, { headers: { "if-none-match": answer.headers.get("etag")! } });
      expect({ asset, status: cached.status, headers: securityHeadersOf(cached) }).toEqual({ asset, status: 304, headers: EXPECTED_HEADERS });
    }
  });

  test("JSON answers carry them, errors included", async () => {
    for (const [urlPath, status] of [["/api/config", 200], ["/api/auth/me", 401], ["/api/no-such-thing", 404]] as const) {
      const answer = await fetch(`${running.crm.url}${urlPath}`);
      expect({ urlPath, status: answer.status, type: answer.headers.get("content-type"), headers: securityHeadersOf(answer) }).toEqual({
        urlPath,
        status,
        type: expect.stringMatching(/^application\/json/),
        headers: EXPECTED_HEADERS,
      });
    }
  });

  test("a request under a name the server was not given (DNS rebinding) is refused, the page as the API, with the headers all the same", async () => {
    for (const [urlPath, type] of [["/accounts", /^text\/plain/], ["/api/config", /^application\/json/]] as const) {
      const answer = await fetch(`${running.crm.url}${urlPath}`, { headers: { host: "attacker.example" } });
      expect({ urlPath, status: answer.status, type: answer.headers.get("content-type"), headers: securityHeadersOf(answer) }).toEqual({
        urlPath,
        status: 403,
        type: expect.stringMatching(type),
        headers: EXPECTED_HEADERS,
      });
    }
    expect((await fetch(`${running.crm.url}/accounts`, { headers: { host: `localhost:${new URL(running.crm.url).port}` } })).status).toBe(200);
  });

  test("a member of staff signs in and works through the screens without a single violation; an injected inline script is refused", async () => {
    const page = await running.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const violations = await recordPolicyViolations(page);

    await page.goto(`${running.crm.url}/accounts`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await fillLoginEmail(page, SALES_USER.email);
    await page.getByLabel("Password").fill(SALES_USER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Accounts" }).waitFor();
    // A sales rep lands on their own accounts, none yet: everyone's are the owner filter's other choice.
    await page.goto(`${running.crm.url}/accounts?owner=all`);
    await page.getByTestId("account-row").first().waitFor();
    // Headless UI places its menus with styles of its own.
    await page.getByRole("button", { name: /Sam Seller/ }).first().click();
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click();
    await page.getByTestId("task-column-overdue").waitFor();
    // A page loaded afresh at a deep URL is the dashboard too.
    await page.goto(`${running.crm.url}/settings`);
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect(violations).toEqual([]);

    // The listener hears what the policy refuses, so the empty list above means something.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.title = 'injected'";
      document.body.append(script);
    });
    // Reported twice, in no set order; anything refused earlier would show up here too, having been reported first.
    await waitUntil(() => violations.length >= 2);
    expect(violations.sort()).toEqual([expect.stringContaining("console: Executing inline script violates"), "script-src-elem: inline"]);
    expect(await page.title()).not.toBe("injected");
    await page.close();
  });
});

/**
 * Every violation the page reports, as its event and as Chromium's console message: a binding survives the
 * page's navigations, and neither it nor the listener is subject to the page's policy.
 */
async function recordPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportPolicyViolation", (description: string) => violations.push(description));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportPolicyViolation(description: string): void }).reportPolicyViolation(`${event.effectiveDirective}: ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("waited in vain");
    await Bun.sleep(50);
  }
}
