import { expect } from "bun:test";
import type { Locator } from "playwright-core";

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
