import type { ReorderBand, ReorderPageQuery, ReorderSort } from "../../api/analytics";
import type { SortedPage } from "../accounts/account-list-view";

/** Rows a page of the radar shows: enough to work through a band without paging every few seconds. */
export const REORDER_PAGE_SIZE = 25;

/** One band's table: its sort and page. */
export type RadarView = SortedPage<ReorderSort>;

/** The server's own order: the most valuable accounts first, the ones most worth a call. */
export const DEFAULT_RADAR_VIEW: RadarView = { sort: "totalOrderValue", direction: "desc", page: 1 };

export function reorderQueryOf(band: ReorderBand, view: RadarView): ReorderPageQuery {
  return { status: band, sort: view.sort, dir: view.direction, limit: REORDER_PAGE_SIZE, offset: (view.page - 1) * REORDER_PAGE_SIZE };
}

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
