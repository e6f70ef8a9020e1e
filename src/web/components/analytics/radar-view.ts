import type { ReorderBand, ReorderPageQuery, ReorderSort } from "../../api/analytics";
import type { SortedPage } from "../../ui/paging";

/** Rows a page of the radar shows: enough to work through a band without paging every few seconds. */
export const REORDER_PAGE_SIZE = 25;

/** One band's table: its sort and page. */
export type RadarView = SortedPage<ReorderSort>;

/** The server's own order: the most valuable accounts first, the ones most worth a call. */
export const DEFAULT_RADAR_VIEW: RadarView = { sort: "totalOrderValue", dir: "desc", page: 1 };

export function reorderQueryOf(band: ReorderBand, view: RadarView): ReorderPageQuery {
  return { status: band, sort: view.sort, dir: view.dir, limit: REORDER_PAGE_SIZE, offset: (view.page - 1) * REORDER_PAGE_SIZE };
}
