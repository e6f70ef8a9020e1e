import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";

/**
 * A task card shows stand-ins for its '…' menu and its Reschedule popover until someone reaches for the
 * card (see useMountOnIntent). Whatever reaches a stand-in first must still work: a hover is covered by the
 * other e2e tests' clicks; here, a click that comes without any pointer movement, and the keyboard.
 */
describe("a task card's stand-ins hand on what reaches them", () => {
  const running = useCrmAndBrowser();

  test("a click on a stand-in opens the real popover; focus on one moves to the real menu, which Enter opens", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await createTask(page, "Call the lab", 3);
    await createTask(page, "Send the price list", 4);
    await page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click();
    const cards = page.getByTestId("task-card");
    await cards.nth(1).waitFor();

    const reschedule = cards.first().getByTestId("task-reschedule-button");
    expect(await reschedule.getAttribute("data-stand-in")).toBe("true");
    await reschedule.dispatchEvent("click");
    await page.getByTestId("reschedule-panel").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("reschedule-panel").waitFor({ state: "hidden" });

    await cards.nth(1).getByTestId("task-actions-button").focus();
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "task-actions-button" && !document.activeElement.hasAttribute("data-stand-in"));
    await page.keyboard.press("Enter");
    await page.getByTestId("task-reassign-item").waitFor();
    await page.close();
  });
});

async function createTask(page: Page, title: string, dueInDays: number): Promise<void> {
  const me = await page.evaluate(() => fetch("/api/auth/me").then((response) => response.json() as Promise<{ id: number }>));
  const status = await page.evaluate(
    (task) => fetch("/api/tasks", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(task) }).then((response) => response.status),
    { title, dueDate: addDays(businessToday(), dueInDays), assigneeId: me.id },
  );
  expect(status).toBe(201);
}
