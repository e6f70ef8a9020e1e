import { useState, type ComponentType, type ReactNode } from "react";
import { Link } from "wouter";
import { deleteTask, updateTask, useRefreshTasks, type Task, type TaskChanges } from "../../api/tasks";
import { useWrite } from "../../ui/use-write";
import { formatUsCalendarDate, formatUsDate, type CalendarDate } from "../../format/dates";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { BuildingIcon, CalendarIcon, CheckCircleIcon, CheckIcon, UserIcon, type IconProps } from "../../ui/icons";
import type { ToastOptions } from "../../ui/toast/toast-types";
import { ReassignTaskModal } from "./ReassignTaskModal";
import { RescheduleTaskPopover, reschedulePopoverCode } from "./RescheduleTaskPopover";
import { actionsMenuCode } from "../../ui/ActionsMenu";
import { dueColumnOf, sourceLabel, type DueColumnKey } from "./task-board";
import { TaskActionsMenu } from "./TaskActionsMenu";
import { useMountOnIntent } from "../../ui/useMountOnIntent";
import { dimmedWhile } from "../../ui/dimmed-while";

export interface TaskCardProps {
  task: Task;
  today: CalendarDate;
  /**
   * On the board the column says how due a task is, and the card links to its account. On the account's
   * own page the account goes without saying, and the card says whether the task is overdue or due today.
   */
  placement: "board" | "account";
}

type OpenDialog = "none" | "reassign" | "delete";

/** Upcoming tasks need no badge. */
const DUE_BADGES: Partial<Record<DueColumnKey, { label: string; className: string }>> = {
  overdue: { label: "Overdue", className: "bg-red-50 text-red-700 ring-red-600/20" },
  today: { label: "Due today", className: "bg-amber-50 text-amber-800 ring-amber-600/20" },
};

/** One task with its actions: Complete and Reschedule at hand; Reassign, Reopen and Delete in a menu. */
export function TaskCard({ task, today, placement }: TaskCardProps) {
  // The card's buttons wait until the lists showing the task have caught up with a change.
  const refreshTasks = useRefreshTasks();
  const [openDialog, setOpenDialog] = useState<OpenDialog>("none");
  const { run, isPending } = useWrite({ onSuccess: () => setOpenDialog("none") });
  const isOpen = task.status === "open";
  const dueState = isOpen ? dueColumnOf(task.dueDate, today) : null;
  const source = sourceLabel(task.source);
  const dueBadge = placement === "account" && dueState !== null ? DUE_BADGES[dueState] : undefined;
  const { isEngaged, containerProps } = useMountOnIntent<HTMLElement>(actionsMenuCode, reschedulePopoverCode);

  function update(changes: TaskChanges, success: ToastOptions, failureMessage: string) {
    void run(() => updateTask(task.id, changes), { success, failureMessage, refresh: () => refreshTasks(task.accountId, changes.accountId) });
  }

  return (
    <article
      {...containerProps}
      className={`@container rounded-lg border border-slate-200 p-4 shadow-sm ${isOpen ? "bg-white" : "bg-slate-50"} ${dimmedWhile(isPending)}`}
      aria-busy={isPending}
      data-testid="task-card"
      data-task-id={task.id}
      data-task-status={task.status}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className={`text-sm font-semibold break-words ${isOpen ? "text-slate-900" : "text-slate-500 line-through"}`} data-testid="task-title">
            {task.title}
          </h3>
          {(source || dueBadge) && (
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              {dueBadge && (
                <Badge className={dueBadge.className} testId="task-due-badge">
                  {dueBadge.label}
                </Badge>
              )}
              {source && (
                <Badge className="bg-violet-50 text-violet-700 ring-violet-600/20" testId="task-source-badge">
                  {source}
                </Badge>
              )}
            </div>
          )}
        </div>
        <TaskActionsMenu
          task={task}
          disabled={isPending}
          onReassign={() => setOpenDialog("reassign")}
          onReopen={() => update({ status: "open" }, { title: "Task reopened", description: task.title }, "Failed to reopen task.")}
          onDelete={() => setOpenDialog("delete")}
          standIn={!isEngaged}
        />
      </div>

      <ul className="mt-3 space-y-1 text-xs text-slate-600">
        {placement === "board" && task.accountId !== null && (
          <Detail srLabel="Account:" icon={BuildingIcon}>
            <Link href={`/accounts/${task.accountId}`} className="font-medium text-blue-700 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none" data-testid="task-account-link">
              {task.accountName}
            </Link>
          </Detail>
        )}
        <Detail srLabel="Assigned to" icon={UserIcon} testId="task-assignee">
          {task.assigneeName}
        </Detail>
        <Detail icon={CalendarIcon} testId="task-due-date">
          <span className={dueState === "overdue" ? "font-medium text-red-600" : ""}>
            Due <time dateTime={task.dueDate}>{formatUsCalendarDate(task.dueDate)}</time>
          </span>
        </Detail>
        {task.completedAt && (
          <Detail icon={CheckCircleIcon} testId="task-completed-at">
            Completed <time dateTime={task.completedAt}>{formatUsDate(task.completedAt)}</time>
          </Detail>
        )}
      </ul>

      {task.notes && (
        <p className="mt-2 line-clamp-2 text-sm break-words whitespace-pre-line text-slate-600" title={task.notes} data-testid="task-notes">
          {task.notes}
        </p>
      )}

      {isOpen && (
        // In a narrow card the buttons share its width, or take a line each when they do not fit side by side.
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            icon={CheckIcon}
            className="grow @sm:grow-0"
            disabled={isPending}
            onClick={() => update({ status: "done" }, { title: "Task completed", description: task.title }, "Failed to complete task.")}
            data-testid="task-complete-button"
          >
            Complete
          </Button>
          <RescheduleTaskPopover
            dueDate={task.dueDate}
            today={today}
            disabled={isPending}
            className="grow @sm:grow-0"
            standIn={!isEngaged}
            onReschedule={(dueDate) =>
              update({ dueDate }, { title: "Task rescheduled", description: `${task.title} is now due ${formatUsCalendarDate(dueDate)}.` }, "Failed to reschedule task.")
            }
          />
        </div>
      )}

      {openDialog === "reassign" && (
        <ReassignTaskModal
          task={task}
          isPending={isPending}
          onClose={() => setOpenDialog("none")}
          onReassign={(assigneeId) => update({ assigneeId }, { title: "Task reassigned", description: task.title }, "Failed to reassign task.")}
        />
      )}
      {openDialog === "delete" && (
        <ConfirmDialog
          open
          title="Delete Task"
          message={`Are you sure you want to delete "${task.title}"? This action cannot be undone.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          isPending={isPending}
          isDestructive
          onConfirm={() => void run(() => deleteTask(task.id), { refresh: () => refreshTasks(task.accountId), success: { title: "Task deleted", description: task.title }, failureMessage: "Failed to delete task." })}
          onCancel={() => setOpenDialog("none")}
          testId="delete-task-dialog"
        />
      )}
    </article>
  );
}

/** A line of the card after an icon; the icon means nothing to a screen reader, so srLabel says what the line is where the text does not. */
function Detail({ srLabel, icon: Icon, children, testId }: { srLabel?: string; icon: ComponentType<IconProps>; children: ReactNode; testId?: string }) {
  return (
    <li className="flex min-w-0 items-start gap-1.5" data-testid={testId}>
      <Icon className="mt-px size-3.5 shrink-0 text-slate-400" />
      {/* Wrapped, never cut: two accounts' names often differ only at their ends. */}
      <span className="min-w-0 break-words">
        {srLabel && <span className="sr-only">{srLabel} </span>}
        {children}
      </span>
    </li>
  );
}

function Badge({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`} data-testid={testId}>
      {children}
    </span>
  );
}
