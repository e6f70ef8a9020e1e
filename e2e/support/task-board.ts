import type { Page } from "playwright-core";

export const TASK_COLUMNS = ["overdue", "today", "upcoming"] as const;
export type TaskColumnKey = (typeof TASK_COLUMNS)[number];

/** How many cards a column shows before 'Show more'. */
export const TASK_CARDS_PER_PAGE = 25;

/**
 * Clicks, and answers how many milliseconds later (in the page's own clock) every column of the Tasks board
 * showed the expected count and its first cards: what a person waits for.
 */
export async function millisecondsToBoardContent(page: Page, click: () => Promise<void>, counts: Record<TaskColumnKey, number>): Promise<number> {
  const expected = TASK_COLUMNS.map((key) => ({ key, count: counts[key].toLocaleString("en-US"), cards: Math.min(counts[key], TASK_CARDS_PER_PAGE) }));
  const ready = page.evaluate(
    (columns) =>
      new Promise<number>((resolve) => {
        let clickedAt = 0;
        document.addEventListener("click", () => (clickedAt = performance.now()), { capture: true, once: true });
        const shown = () =>
          columns.every(({ key, count, cards }) => {
            const column = document.querySelector(`[data-testid="task-column-${key}"]`);
            return column?.querySelector('[data-testid="task-column-count"]')?.textContent === count && column.querySelectorAll('[data-testid="task-card"]').length === cards;
          });
        new MutationObserver((_, observer) => {
          if (clickedAt === 0 || !shown()) return;
          observer.disconnect();
          resolve(performance.now() - clickedAt);
        }).observe(document, { childList: true, subtree: true, characterData: true });
      }),
    expected,
  );
  await click();
  return Math.round(await ready);
}
