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

/**
 * The page numbers a pager offers: the first, the last, and `around` either side of the current one, with
 * "gap" where numbers are left out ('1 … 4 5 6 … 2000'). A gap of a single page shows that page instead.
 */
export function pageNumbersAround(page: number, pageCount: number, around: number): (number | "gap")[] {
  const shown = new Set([1, pageCount]);
  for (let near = page - around; near <= page + around; near++) if (near >= 1 && near <= pageCount) shown.add(near);
  const sorted = [...shown].sort((a, b) => a - b);
  const numbers: (number | "gap")[] = [];
  for (const [index, number] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous === 2) numbers.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) numbers.push("gap");
    numbers.push(number);
  }
  return numbers;
}
