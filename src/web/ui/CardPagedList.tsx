import { useState, type ReactNode } from "react";
import { useCountedPage } from "../api/paged-reads";
import { formatCount, formatCountOf } from "../format/count";
import { Button } from "./Button";
import { LoadError } from "./LoadError";
import { pageRange } from "./paging";
import { dimmedWhile } from "./dimmed-while";

export interface CardPagedListProps<T> {
  /** The URL of the page that begins at `offset`, `pageSize` long. */
  pageUrl: (offset: number) => string;
  pageSize: number;
  /** What failed, as the error says it: 'The recycle bin could not be loaded.' */
  errorTitle: string;
  /** What an empty list means to staff: 'Nothing deleted in the last 30 days.' */
  emptyText: string;
  /** What the items are, for '1–20 of 45 entries'. */
  noun: { singular: string; plural?: string };
  testIds: { error: string; empty: string; list: string };
  renderItem: (item: T) => ReactNode;
}

/**
 * A list inside a card, read a page at a time: its failure with Retry, its loading, its empty state, its
 * items, and Previous and Next with where the page sits once there is more than one page. A page stays on
 * screen, dimmed, while the next one is read.
 */
export function CardPagedList<T>({ pageUrl, pageSize, errorTitle, emptyText, noun, testIds, renderItem }: CardPagedListProps<T>) {
  // The offset asked for, and the one of the page on screen when it was asked: until its answer comes, the
  // page before stays, and where it sits ('1–20 of 21') must describe that page, not the one coming.
  const [{ offset, offsetBefore }, setPaging] = useState({ offset: 0, offsetBefore: 0 });
  const { page, isPrevious, error, retry } = useCountedPage<T>(pageUrl(offset));
  const shownOffset = isPrevious ? offsetBefore : offset;
  const goTo = (next: number) => setPaging({ offset: next, offsetBefore: shownOffset });
  if (error !== undefined) return <LoadError title={errorTitle} error={error} onRetry={retry} compact testId={testIds.error} />;
  if (page === undefined) return <p className="text-sm text-slate-500">Loading...</p>;
  if (page.items.length === 0 && (isPrevious || offset > 0)) {
    // The last items of a later page went (restored, removed): step back to the last page that has items,
    // rather than saying the list is empty while earlier pages are not.
    const lastPageOffset = (pageRange(1, page.total, pageSize).pageCount - 1) * pageSize;
    if (!isPrevious && lastPageOffset !== offset) goTo(lastPageOffset);
    return <p className="text-sm text-slate-500">Loading...</p>;
  }
  if (page.items.length === 0) {
    return (
      <p className="py-4 text-center text-sm text-slate-500" data-testid={testIds.empty}>
        {emptyText}
      </p>
    );
  }
  const total = page.total;
  const { from, to } = pageRange(shownOffset / pageSize + 1, total, pageSize);
  return (
    <>
      <ul
        className={`divide-y divide-slate-100 rounded-lg border border-slate-200 ${dimmedWhile(isPrevious)}`}
        aria-busy={isPrevious}
        data-testid={testIds.list}
      >
        {page.items.map(renderItem)}
      </ul>
      {total > pageSize && (
        <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <span>
            {formatCount(from)}–{formatCount(to)} of {formatCountOf(total, noun.singular, noun.plural)}
          </span>
          <span className="flex gap-2">
            <Button size="sm" disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - pageSize))}>
              Previous
            </Button>
            <Button size="sm" disabled={offset + pageSize >= total} onClick={() => goTo(offset + pageSize)}>
              Next
            </Button>
          </span>
        </div>
      )}
    </>
  );
}
