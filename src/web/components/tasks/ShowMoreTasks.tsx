import type { TaskPages } from "../../api/tasks";
import { Button } from "../../ui/Button";
import { LoadError } from "../../ui/LoadError";

/** The foot of a list of tasks: 'Show more' while some are not shown yet, or why the next ones could not be read. */
export function ShowMoreTasks({ pages, className = "" }: { pages: TaskPages; className?: string }) {
  if (pages.error !== undefined) {
    return <LoadError title="More tasks could not be loaded." error={pages.error} onRetry={pages.refresh} compact testId="show-more-tasks-error" />;
  }
  if (!pages.hasMore) return null;
  return (
    <Button size="sm" className={`w-full ${className}`} onClick={pages.showMore} disabled={pages.isLoadingMore} aria-busy={pages.isLoadingMore} data-testid="show-more-tasks">
      {pages.isLoadingMore ? "Loading..." : "Show more"}
    </Button>
  );
}
