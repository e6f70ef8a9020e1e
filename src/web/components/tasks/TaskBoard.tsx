import { useId } from "react";
import { useTaskPages, type TaskListQuery } from "../../api/tasks";
import { formatCount } from "../../format/count";
import type { CalendarDate } from "../../format/dates";
import { LoadError } from "../../ui/LoadError";
import { columnQueryOf, DUE_COLUMNS, type DueColumnDefinition, type DueColumnKey } from "./task-board";
import { ShowMore } from "../../ui/ShowMore";
import { TaskCard } from "./TaskCard";

export interface TaskBoardProps {
  /** The open tasks to show, which each column narrows to its due dates; null holds the columns' place until it is known. */
  query: TaskListQuery | null;
  today: CalendarDate;
}

/**
 * Overdue, Due Today and Upcoming side by side, one above the other on narrow screens. Each column reads
 * its own tasks a page at a time and counts all of them, however many there are.
 */
export function TaskBoard({ query, today }: TaskBoardProps) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-3" data-testid="task-board">
      {DUE_COLUMNS.map((column) => (
        <TaskColumn key={column.key} column={column} query={query && columnQueryOf(query, column.key, today)} today={today} />
      ))}
    </div>
  );
}

const COUNT_CLASSES: Record<DueColumnKey, string> = {
  overdue: "bg-red-100 text-red-700",
  today: "bg-amber-100 text-amber-800",
  upcoming: "bg-blue-100 text-blue-700",
};

const ACCENT_CLASSES: Record<DueColumnKey, string> = {
  overdue: "bg-red-500",
  today: "bg-amber-500",
  upcoming: "bg-blue-500",
};

function TaskColumn({ column, query, today }: { column: DueColumnDefinition; query: TaskListQuery | null; today: CalendarDate }) {
  const headingId = useId();
  const pages = useTaskPages(query);
  const { tasks, total, error } = pages;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={tasks === undefined && error === undefined}
      className="rounded-xl border border-slate-200 bg-slate-100/60 p-3"
      data-testid={`task-column-${column.key}`}
    >
      <header className="mb-3 flex items-center justify-between gap-2 px-1">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <span aria-hidden="true" className={`size-2 rounded-full ${ACCENT_CLASSES[column.key]}`} />
          {column.title}
        </h2>
        {total !== undefined && (
          <span className={`min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-semibold tabular-nums ${COUNT_CLASSES[column.key]}`}>
            <span data-testid="task-column-count">{formatCount(total)}</span>
            <span className="sr-only"> {total === 1 ? "task" : "tasks"}</span>
          </span>
        )}
      </header>
      {tasks === undefined ? (
        error === undefined ? (
          <PlaceholderCards />
        ) : (
          <LoadError title="The tasks could not be loaded." error={error} onRetry={pages.refresh} compact testId="task-column-error" />
        )
      ) : tasks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500" data-testid="task-column-empty">
          {column.emptyText}
        </p>
      ) : (
        <>
          <ul className="space-y-3">
            {tasks.map((task) => (
              <li key={task.id}>
                <TaskCard task={task} today={today} placement="board" />
              </li>
            ))}
          </ul>
          <ShowMore pages={pages} failureTitle="More tasks could not be loaded." testId="show-more-tasks" className="mt-3" />
        </>
      )}
    </section>
  );
}

function PlaceholderCards() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {[0, 1].map((index) => (
        <div key={index} className="space-y-2.5 rounded-lg border border-slate-200 bg-white p-4">
          <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-200" />
          <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-200" />
          <span className="block h-7 w-44 animate-pulse rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
