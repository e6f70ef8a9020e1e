import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.join(import.meta.dir, "../screenshots");

/** Headless Debian Chromium, with the background services off: this machine's network is closed. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

/**
 * Saves a screenshot to e2e/screenshots/NAME.png, to look at after a run: of the whole page, or with `fullPage: false`
 * of what the window shows. Taken from the top: scrolled, the sticky header and sidebar would be drawn mid-page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, timeout: SCREENSHOT_TIMEOUT_MS });
}

/**
 * A screenshot is for people to look at, not an assertion: a whole phone-width page several thousand
 * pixels tall, drawn without a GPU while the rest of the suite keeps both cores busy, once took longer
 * than Playwright's 15 s. Its own minute, so that the machine's speed fails no test.
 */
const SCREENSHOT_TIMEOUT_MS = 60_000;
