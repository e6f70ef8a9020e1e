import type { SortDirection } from "../api/accounts";

/** The sort and page of a table that the server sorts and pages. */
export interface SortedPage<Column extends string> {
  sort: Column;
  dir: SortDirection;
  /** Counted from 1. */
  page: number;
}

/** A click on a column header: a new column sorts ascending, the sorted one flips. Either way back to page 1. */
export function sortedBy<View extends SortedPage<string>>(view: View, column: View["sort"]): View {
  const dir = view.sort === column && view.dir === "asc" ? "desc" : "asc";
  return { ...view, sort: column, dir, page: 1 };
}

export function onPage<View extends SortedPage<string>>(view: View, page: number): View {
  return { ...view, page };
}

/** Where a page sits in the whole list, rows counted from 1: 'Showing {from} to {to} of {total}'. */
export function pageRange(page: number, total: number, pageSize: number): { from: number; to: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return { from: 0, to: 0, pageCount };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), pageCount };
}
