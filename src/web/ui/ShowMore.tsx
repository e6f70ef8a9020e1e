import { Button } from "./Button";
import { LoadError } from "./LoadError";

/** A list read a page at a time, as the tasks' reads give it. */
export interface MorePages {
  error: unknown;
  /** Some items are not read yet. */
  hasMore: boolean;
  isLoadingMore: boolean;
  showMore: () => void;
  /** Reads every page read so far again. */
  refresh: () => void;
}

export interface ShowMoreProps {
  pages: MorePages;
  /** Shown when the next page could not be read, e.g. 'More tasks could not be loaded.' */
  failureTitle: string;
  /** The button's; its failure's is `${testId}-error`. */
  testId: string;
  className?: string;
}

/** The foot of a list read a page at a time: 'Show more' while some items are not shown yet, or why the next ones could not be read. */
export function ShowMore({ pages, failureTitle, testId, className = "" }: ShowMoreProps) {
  if (pages.error !== undefined) {
    return <LoadError title={failureTitle} error={pages.error} onRetry={pages.refresh} compact testId={`${testId}-error`} />;
  }
  if (!pages.hasMore) return null;
  return (
    <Button size="sm" className={`w-full ${className}`} onClick={pages.showMore} disabled={pages.isLoadingMore} aria-busy={pages.isLoadingMore} data-testid={testId}>
      {pages.isLoadingMore ? "Loading..." : "Show more"}
    </Button>
  );
}
