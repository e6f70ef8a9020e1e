import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";
const SCREENSHOT_DIR = path.join(import.meta.dir, "../screenshots");

/** Headless Debian Chromium, with the background services off: this machine's network is closed. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
}

/**
 * Saves a screenshot to e2e/screenshots/NAME.png, to look at after a run: of the whole page, with `fullPage: false`
 * of what the window shows, or of one element. A page is taken from the top, as scrolled the sticky header and
 * sidebar would be drawn mid-page, unless `asScrolled` keeps the window where the test scrolled it.
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true, asScrolled = false } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const options = { path: path.join(SCREENSHOT_DIR, `${name}.png`), timeout: SCREENSHOT_TIMEOUT_MS };
  if (!("goto" in target)) return void (await target.screenshot(options));
  if (!asScrolled) await target.evaluate(() => window.scrollTo(0, 0));
  await target.screenshot({ ...options, fullPage: fullPage && !asScrolled });
}

/**
 * A screenshot is for people to look at, not an assertion: a whole phone-width page several thousand
 * pixels tall, drawn without a GPU while the rest of the suite keeps both cores busy, once took longer
 * than Playwright's 15 s. Its own minute, so that the machine's speed fails no test.
 */
const SCREENSHOT_TIMEOUT_MS = 60_000;
