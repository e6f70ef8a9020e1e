import { expect } from "bun:test";
import type { Locator, Page, Response } from "playwright-core";
import { READS_PATH } from "../../src/contracts/reads.ts";

/** Waits until the element's whole text is `text` (space around it aside), then checks it is. */
export async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) }).waitFor();
  expect((await locator.innerText()).trim()).toBe(text);
}

/** Waits until the locator matches exactly `count` elements. */
export async function waitForCount(locator: Locator, count: number): Promise<void> {
  if (count > 0) await locator.nth(count - 1).waitFor({ state: "attached" });
  await locator.nth(count).waitFor({ state: "detached" });
  expect(await locator.count()).toBe(count);
}

/** Checks `condition` every 100 ms until it holds, for at most `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${condition}`);
    await Bun.sleep(100);
  }
}

/** Runs what loads another list of accounts from the server, then waits until its rows are shown. */
export async function showAccountsAfter(page: Page, action: () => Promise<unknown>): Promise<void> {
  await Promise.all([page.waitForResponse((response) => answersRead(response, "/api/accounts")), action()]);
  await page.locator('[data-testid="accounts-table"][aria-busy="false"]').waitFor();
}

/** Whether the answer is to a read of `path`, asked for alone or together with others (/api/reads). */
export function answersRead(response: Response, path: string): boolean {
  const url = new URL(response.url());
  if (url.pathname !== READS_PATH) return url.pathname === path;
  return url.searchParams.getAll("url").some((read) => new URL(read, url).pathname === path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
