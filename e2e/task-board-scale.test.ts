import { Database } from "bun:sqlite";
import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays, businessToday } from "../src/core/time/business-calendar.ts";
import { formatUsCalendarDate } from "../src/web/format/dates.ts";
import { screenshot } from "./support/browser.ts";
import { runCrm } from "./support/crm-server.ts";
import { useCrmAndBrowser } from "./support/harness.ts";
import { signedInPageWithoutWelcome } from "./support/session.ts";
import { millisecondsToBoardContent, TASK_CARDS_PER_PAGE, TASK_COLUMNS, type TaskColumnKey } from "./support/task-board.ts";
import { waitForCount, waitForText } from "./support/wait.ts";

const COLLEAGUE = { email: "sam@example.com", name: "Sam Seller", password: "sam-password-1" };
const SEEDED_TASKS = 20_000;

/**
 * Task n (1 to 20,000) is overdue when n % 4 is 0, due today when it is 1 and upcoming otherwise; it is the
 * administrator's when n % 5 is below 3, Sam's otherwise. 4 and 5 having no common factor, every pair of
 * remainders holds a twentieth of the tasks.
 */
const EXPECTED: Record<"mine" | "team", Record<TaskColumnKey, number>> = {
  mine: { overdue: 3_000, today: 3_000, upcoming: 6_000 },
  team: { overdue: 5_000, today: 5_000, upcoming: 10_000 },
};

/**
 * The Tasks board after years of imported orders: 20,000 open tasks over two people. Each column counts all of
 * its tasks, shows 25 and adds 25 at each 'Show more', and a change reads again every page shown; the time until
 * the board shows its counts and first cards is printed (a figure to read, not a test).
 */
describe("the Tasks board with 20,000 open tasks", () => {
  const running = useCrmAndBrowser();
  const today = businessToday();

  beforeAll(async () => {
    await runCrm(running.crm, ["user", "add", "--email", COLLEAGUE.email, "--name", COLLEAGUE.name, "--role", "sales", "--password", COLLEAGUE.password]);
    seedOpenTasks(path.join(running.crm.dataDir, "crm.db"), running.crm.adminEmail, today);
  });

  test("each column counts all of its tasks, shows 25, and Show more adds 25", async () => {
    const page = await signedInPageWithoutWelcome(running.browser, running.crm);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Warm, as staff move between screens: the dashboard is loaded, the Tasks screen not yet shown.
    const mine = await millisecondsToBoardContent(page, () => page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click(), EXPECTED.mine);
    console.log(`Tasks screen with ${SEEDED_TASKS.toLocaleString("en-US")} open tasks: content ${mine} ms after clicking Tasks (My tasks)`);
    await expectColumns(page, EXPECTED.mine);
    expect(sum(EXPECTED.mine)).toBe(12_000);
    // The badge and the bell count the administrator's overdue and due-today tasks, all of them.
    await waitForText(page.getByTestId("sidebar-tasks-badge"), "6,000");
    await waitForText(page.getByTestId("notification-count"), "99+");
    await screenshot(page, "task-board-scale-1440", { fullPage: false });

    // Oldest first.
    expect(await column(page, "overdue").getByTestId("task-due-date").first().innerText()).toBe(`Due ${formatUsCalendarDate(addDays(today, -mostDaysOverdueOfMine()))}`);
    const showMore = column(page, "overdue").getByTestId("show-more-tasks");
    await showMore.click();
    await waitForCount(column(page, "overdue").getByTestId("task-card"), 2 * TASK_CARDS_PER_PAGE);
    await waitForText(showMore, "Show more");
    await waitForText(column(page, "overdue").getByTestId("task-column-count"), "3,000");
    expect(await column(page, "today").getByTestId("task-card").count()).toBe(TASK_CARDS_PER_PAGE);
    await screenshot(page, "task-board-scale-1440-show-more");

    const team = await millisecondsToBoardContent(page, () => page.getByTestId("task-board-everyone").click(), EXPECTED.team);
    console.log(`Tasks screen with ${SEEDED_TASKS.toLocaleString("en-US")} open tasks: content ${team} ms after clicking All Team Members`);
    await page.waitForURL((url) => url.search === "?assignee=all");
    await expectColumns(page, EXPECTED.team);
    expect(sum(EXPECTED.team)).toBe(SEEDED_TASKS);
    // Cold: the whole dashboard loaded from the server, then the board.
    await page.reload();
    const cold = await page.evaluate(() => new Promise<number>((resolve) => {
      const shown = () => document.querySelectorAll('[data-testid="task-card"]').length >= 3 * 25;
      if (shown()) resolve(performance.now());
      new MutationObserver((_, observer) => {
        if (shown()) {
          observer.disconnect();
          resolve(performance.now());
        }
      }).observe(document, { childList: true, subtree: true });
    }));
    console.log(`Tasks screen with ${SEEDED_TASKS.toLocaleString("en-US")} open tasks: content ${Math.round(cold)} ms after a full page load`);
    await expectColumns(page, EXPECTED.team);

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "task-board-scale-390", { fullPage: false });

    // Completing a task reads every page shown again: one task fewer in all, two pages of cards still, none twice.
    const overdue = column(page, "overdue").getByTestId("task-card");
    await column(page, "overdue").getByTestId("show-more-tasks").click();
    await waitForCount(overdue, 2 * TASK_CARDS_PER_PAGE);
    const completed = await overdue.first().getAttribute("data-task-id");
    await overdue.first().getByTestId("task-complete-button").click();
    await page.locator(`[data-testid="task-card"][data-task-id="${completed}"]`).waitFor({ state: "detached" });
    await waitForText(column(page, "overdue").getByTestId("task-column-count"), (EXPECTED.team.overdue - 1).toLocaleString("en-US"));
    await waitForCount(overdue, 2 * TASK_CARDS_PER_PAGE);
    const shown = await overdue.evaluateAll((cards) => cards.map((card) => card.getAttribute("data-task-id")));
    expect(new Set(shown).size).toBe(2 * TASK_CARDS_PER_PAGE);
    await page.close();
  });
});

/**
 * Writes the tasks straight into the database in one statement, while the server is idle: the administrator's
 * and Sam's open tasks, due from 30 days ago to 60 days ahead.
 */
function seedOpenTasks(file: string, adminEmail: string, today: string): void {
  const db = new Database(file);
  try {
    db.run("PRAGMA busy_timeout = 10000");
    const idOf = (email: string) => (db.query("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
    const now = Date.now();
    db.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO tasks (title, assignee_id, due_date, status, source, created_at, updated_at)
       SELECT 'Follow up on order ' || i,
              CASE WHEN i % 5 < 3 THEN ?2 ELSE ?3 END,
              CASE i % 4 WHEN 0 THEN date(?4, '-' || (1 + i % 30) || ' days')
                         WHEN 1 THEN ?4
                         ELSE date(?4, '+' || (1 + i % 60) || ' days') END,
              'open', 'manual', ?5, ?5
       FROM n`,
    ).run(SEEDED_TASKS, idOf(adminEmail), idOf(COLLEAGUE.email), today, now);
  } finally {
    db.close();
  }
}

/** How long ago the administrator's oldest overdue task fell due, as seedOpenTasks spreads them. */
function mostDaysOverdueOfMine(): number {
  let most = 0;
  for (let n = 1; n <= SEEDED_TASKS; n++) {
    if (n % 4 === 0 && n % 5 < 3) most = Math.max(most, 1 + (n % 30));
  }
  return most;
}

/** Each column counts its tasks, shows the first 25 of them and offers the rest with Show more. */
async function expectColumns(page: Page, counts: Record<TaskColumnKey, number>): Promise<void> {
  for (const key of TASK_COLUMNS) {
    await waitForText(column(page, key).getByTestId("task-column-count"), counts[key].toLocaleString("en-US"));
    await waitForCount(column(page, key).getByTestId("task-card"), TASK_CARDS_PER_PAGE);
    await waitForText(column(page, key).getByTestId("show-more-tasks"), "Show more");
  }
}

function column(page: Page, key: TaskColumnKey): Locator {
  return page.getByTestId(`task-column-${key}`);
}

function sum(counts: Record<TaskColumnKey, number>): number {
  return counts.overdue + counts.today + counts.upcoming;
}
