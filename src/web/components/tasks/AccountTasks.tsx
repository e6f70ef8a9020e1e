import { useState } from "react";
import { useAccountDetail } from "../../api/account-detail";
import { useTaskPages, type TaskPages } from "../../api/tasks";
import { formatCount } from "../../format/count";
import { businessToday, type CalendarDate } from "../../format/dates";
import { SkeletonLines } from "../../ui/DetailCard";
import { Button } from "../../ui/Button";
import { PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { CreateTaskModal } from "./CreateTaskModal";
import { ShowMore } from "../../ui/ShowMore";
import { TaskCard } from "./TaskCard";

/** An account's Tasks tab: its open tasks by due date, then its completed ones, latest first, and 'Add Task' for this account. */
export function AccountTasks({ accountId }: { accountId: number }) {
  const open = useTaskPages({ accountId, status: "open" });
  const completed = useTaskPages({ accountId, status: "done" });
  // Already loaded by the account screen around this tab: the name the new task's account picker starts with.
  const { account } = useAccountDetail(accountId);
  const [isCreating, setIsCreating] = useState(false);
  const today = businessToday();
  const firstPageError = [open, completed].find((pages) => pages.tasks === undefined && pages.error !== undefined)?.error;

  function retry() {
    open.refresh();
    completed.refresh();
  }

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button size="sm" icon={PlusIcon} onClick={() => setIsCreating(true)} disabled={!account} data-testid="add-task-button">
          Add Task
        </Button>
      </div>
      {firstPageError !== undefined ? (
        <LoadError title="The tasks could not be loaded." error={firstPageError} onRetry={retry} compact testId="account-tasks-error" />
      ) : open.total === undefined || completed.total === undefined ? (
        <SkeletonLines count={4} />
      ) : open.total === 0 && completed.total === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500" data-testid="account-tasks-empty">
          No tasks assigned.
        </p>
      ) : (
        <div className="space-y-6">
          <TaskSection title="Open" pages={open} today={today} testId="account-open-tasks" />
          <TaskSection title="Completed" pages={completed} today={today} testId="account-completed-tasks" />
        </div>
      )}
      {isCreating && account && (
        <CreateTaskModal account={{ id: account.id, name: account.name }} onClose={() => setIsCreating(false)} onCreated={() => setIsCreating(false)} />
      )}
    </>
  );
}

/** One of the tab's lists with its count; none at all when it is empty. */
function TaskSection({ title, pages, today, testId }: { title: string; pages: TaskPages; today: CalendarDate; testId: string }) {
  if (!pages.tasks || pages.total === undefined || pages.total === 0) return null;
  return (
    <section data-testid={testId}>
      <h3 className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 tabular-nums" data-testid="account-tasks-count">
          {formatCount(pages.total)}
        </span>
      </h3>
      <ul className="space-y-3">
        {pages.tasks.map((task) => (
          <li key={task.id}>
            <TaskCard task={task} today={today} placement="account" />
          </li>
        ))}
      </ul>
      <ShowMore pages={pages} failureTitle="More tasks could not be loaded." testId="show-more-tasks" className="mt-3" />
    </section>
  );
}
