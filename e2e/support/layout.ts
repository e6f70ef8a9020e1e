import { expect } from "bun:test";
import type { Locator, Page } from "playwright-core";

/** The page itself never scrolls sideways: wide content scrolls inside its own card. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** The element's box lies within the container's. */
export async function expectWithin(element: Locator, container: Locator): Promise<void> {
  const [inner, outer] = await Promise.all([element.first().boundingBox(), container.boundingBox()]);
  expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
}

/** The text is shown whole: nothing hidden behind an ellipsis or the box's edge. */
export async function expectNotCut(element: Locator): Promise<void> {
  expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
}

/**
 * Dialogs and toasts rise in: a screenshot waits until they stand still. A loading placeholder's pulse
 * never ends, and an animation whose element goes away (the placeholder, once the data is in) is
 * cancelled: neither is waited for.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
