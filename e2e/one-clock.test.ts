import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { fillLoginEmail } from "./support/session.ts";
import { animationsFinished, expectNoSidewaysScroll } from "./support/layout.ts";

const LOS_ANGELES = "America/Los_Angeles";

/** 'YYYY-MM-DDTHH:mm' on New York's wall clock at `instant`, worked out here independently of the dashboard's code. */
function newYorkMinute(instant: Date): string {
  const part: Record<string, string> = {};
  const clock = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
  for (const { type, value } of clock.formatToParts(instant)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** '2026-04-02T09:35' as the timeline writes it: '04/02/2026, 9:35 AM'. */
function usDateTimeOf(inputValue: string): string {
  const [, year, month, day, hour, minute] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(inputValue)!;
  const hour24 = Number(hour);
  return `${month}/${day}/${year}, ${hour24 % 12 || 12}:${minute} ${hour24 < 12 ? "AM" : "PM"}`;
}

async function timeShownFor(page: Page, summary: string): Promise<string> {
  const entry = page.getByTestId("activity-entry").filter({ hasText: summary });
  await entry.waitFor();
  return entry.locator("time").innerText();
}

/**
 * Staff outside New York see and enter New York's time: a browser in Los Angeles opens Log Activity with
 * New York's now, and the activity it logs shows that same time on the account's timeline.
 */
describe("one clock: New York's, wherever the browser is", () => {
  const running = useCrmAndBrowser();

  async function losAngelesPage(width: number): Promise<Page> {
    const context = await running.browser.newContext({ timezoneId: LOS_ANGELES, viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${running.crm.url}/accounts`);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await fillLoginEmail(page, running.crm.adminEmail);
    await page.getByLabel("Password").fill(running.crm.adminPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    // At a phone's width the sidebar, and the name in it, is folded away.
    await page.getByTestId("sidebar-user-name").waitFor({ state: "attached" });
    const welcome = page.getByTestId("toast").filter({ hasText: "Welcome" });
    await welcome.getByRole("button", { name: "Close" }).click();
    await welcome.waitFor({ state: "hidden" });
    return page;
  }

  for (const width of [1440, 390]) {
    test(`at ${width} px, Log Activity defaults to New York's now and the timeline shows the time logged`, async () => {
      const page = await losAngelesPage(width);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(LOS_ANGELES);
      const accountId = await page.evaluate(async (name) => {
        const response = await fetch("/api/accounts", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
        return ((await response.json()) as { id: number }).id;
      }, `Clock Test ${width}`);
      await page.goto(`${running.crm.url}/accounts/${accountId}`);

      const before = newYorkMinute(new Date());
      await page.getByTestId("log-activity-button").click();
      const modal = page.getByTestId("log-activity-modal");
      const dateField = modal.getByLabel("Date (New York time)");
      const shown = await dateField.inputValue();
      const after = newYorkMinute(new Date());
      // The minute may turn while the dialog opens: New York's minute just before or just after.
      expect([before, after]).toContain(shown);
      await animationsFinished(page);
      await screenshot(page, `log-activity-new-york-time-${width}`, { fullPage: false });
      await modal.getByLabel("Summary").fill("Called about the spring order");
      await modal.getByRole("button", { name: "Log Activity" }).click();
      await modal.waitFor({ state: "hidden" });
      expect(await timeShownFor(page, "Called about the spring order")).toBe(usDateTimeOf(shown));

      // A chosen time is New York's too: 9:35 AM there, 6:35 AM in the browser's Los Angeles.
      await page.getByTestId("log-activity-button").click();
      await dateField.fill("2026-04-02T09:35");
      await modal.getByLabel("Summary").fill("Left a message");
      await modal.getByRole("button", { name: "Log Activity" }).click();
      await modal.waitFor({ state: "hidden" });
      expect(await timeShownFor(page, "Left a message")).toBe("04/02/2026, 9:35 AM");
      await expectNoSidewaysScroll(page);
      await screenshot(page, `activity-logged-new-york-time-${width}`);
      await page.context().close();
    });
  }
});
