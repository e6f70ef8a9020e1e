/**
 * Which rows of a paged table are ticked, by id, for its bulk actions: the accounts table, the Lists tabs
 * and the reorder radar. The ticks outlive the page, so that staff can tick rows on several pages.
 */

/** Ticks or unticks one account. */
export function toggled(selection: ReadonlySet<number>, accountId: number): Set<number> {
  const next = new Set(selection);
  if (!next.delete(accountId)) next.add(accountId);
  return next;
}

/** The header checkbox: ticks the whole page, or unticks it when all of it is ticked already. */
export function toggledPage(selection: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  const next = new Set(selection);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => next.has(id));
  for (const id of pageIds) {
    if (allTicked) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** How much of the page is ticked, for the header checkbox's checked and mixed states. */
export function pageTicks(selection: ReadonlySet<number>, pageIds: readonly number[]): "all" | "some" | "none" {
  const ticked = pageIds.filter((id) => selection.has(id)).length;
  if (ticked === 0) return "none";
  return ticked === pageIds.length ? "all" : "some";
}
