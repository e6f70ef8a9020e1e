import { CloseButton, Popover, PopoverButton, PopoverPanel } from "../../ui/headless-ui";
import { Link } from "wouter";
import type { Task, TaskPages } from "../../api/tasks";
import { formatCountOf } from "../../format/count";
import { formatUsCalendarDate, businessToday, type CalendarDate } from "../../format/dates";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { ShowMore } from "../../ui/ShowMore";
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from "./BellFace";

/** The bell's popover (NotificationBell.tsx), loaded on demand. Opening it asks the server again, since colleagues may have given the user tasks meanwhile. */
export function NotificationPopover({ attention }: { attention: TaskPages }) {
  const { tasks, error, refresh } = attention;
  const count = attention.total ?? 0;
  const today = businessToday();

  return (
    <Popover className="relative">
      {({ open }) => (
        <>
          <PopoverButton
            aria-label={bellLabel(count)}
            onClick={() => {
              if (!open) refresh();
            }}
            className={BELL_BUTTON_CLASS}
            data-testid="notification-bell"
          >
            <BellFace count={count} />
          </PopoverButton>
          <PopoverPanel
            anchor={{ to: "bottom end", gap: 8 }}
            className="z-40 w-80 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none"
            data-testid="notification-panel"
          >
            <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
              <h2 className="text-sm font-semibold text-slate-900">Tasks needing attention</h2>
              {count > 0 && <span className="text-xs text-slate-500">{formatCountOf(count, "task")}</span>}
            </div>
            {tasks ? (
              tasks.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-slate-500" data-testid="notification-empty">
                  You're all caught up.
                </p>
              ) : (
                <div className="max-h-96 overflow-y-auto">
                  <ul className="divide-y divide-slate-100" data-testid="notification-list">
                    {tasks.map((task) => (
                      <li key={task.id}>
                        <AttentionItem task={task} today={today} />
                      </li>
                    ))}
                  </ul>
                  {(attention.hasMore || error !== undefined) && (
                    <div className="border-t border-slate-100 p-3">
                      <ShowMore pages={attention} failureTitle="More tasks could not be loaded." testId="show-more-tasks" />
                    </div>
                  )}
                </div>
              )
            ) : error ? (
              <LoadError title="Your tasks could not be loaded." error={error} onRetry={refresh} compact testId="notification-error" />
            ) : (
              <SkeletonLines count={3} className="p-4" />
            )}
            <CloseButton
              as={Link}
              href="/tasks"
              className="block border-t border-slate-100 bg-slate-50 px-4 py-2.5 text-center text-sm font-medium text-blue-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
              data-testid="notification-view-all"
            >
              View all tasks
            </CloseButton>
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}

/** A task links to its account, where its tab shows it; one about no account links to the Tasks screen. */
function AttentionItem({ task, today }: { task: Task; today: CalendarDate }) {
  const isOverdue = task.dueDate < today;
  return (
    <CloseButton
      as={Link}
      href={task.accountId === null ? "/tasks" : `/accounts/${task.accountId}`}
      className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
      data-testid="notification-item"
      data-task-id={task.id}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="min-w-0 text-sm font-medium break-words text-slate-900">{task.title}</span>
        {isOverdue ? (
          <span className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset" data-testid="notification-overdue">
            Overdue
          </span>
        ) : (
          <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">Due today</span>
        )}
      </span>
      <span className="mt-0.5 flex items-center justify-between gap-3 text-xs text-slate-500">
        <span className="min-w-0 truncate">{task.accountName ?? "No account"}</span>
        <span className={`shrink-0 tabular-nums ${isOverdue ? "text-red-600" : ""}`}>Due {formatUsCalendarDate(task.dueDate)}</span>
      </span>
    </CloseButton>
  );
}
