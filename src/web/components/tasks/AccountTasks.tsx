import { useState } from "react";
import { useAccountDetail } from "../../api/account-detail";
import { useTaskList } from "../../api/tasks";
import { todayInNewYork } from "../../format/dates";
import { SkeletonLines } from "../account-detail/DetailCard";
import { Button } from "../Button";
import { PlusIcon } from "../icons";
import { LoadError } from "../LoadError";
import { CreateTaskModal } from "./CreateTaskModal";
import { accountTaskOrder } from "./task-board";
import { TaskCard } from "./TaskCard";

/** An account's Tasks tab: its open tasks by due date, then its completed ones, and 'Add Task' for this account. */
export function AccountTasks({ accountId }: { accountId: number }) {
  const { tasks, error, retry } = useTaskList({ accountId, status: "all" });
  // Already loaded by the account screen around this tab: the name the new task's account picker starts with.
  const { account } = useAccountDetail(accountId);
  const [isCreating, setIsCreating] = useState(false);
  const today = todayInNewYork();

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button size="sm" icon={PlusIcon} onClick={() => setIsCreating(true)} disabled={!account} data-testid="add-task-button">
          Add Task
        </Button>
      </div>
      {error ? (
        <LoadError title="The tasks could not be loaded." error={error} onRetry={retry} compact testId="account-tasks-error" />
      ) : !tasks ? (
        <SkeletonLines count={4} />
      ) : tasks.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500" data-testid="account-tasks-empty">
          No tasks assigned.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="account-tasks-list">
          {accountTaskOrder(tasks).map((task) => (
            <li key={task.id}>
              <TaskCard task={task} today={today} placement="account" />
            </li>
          ))}
        </ul>
      )}
      {isCreating && account && (
        <CreateTaskModal account={{ id: account.id, name: account.name }} onClose={() => setIsCreating(false)} onCreated={() => setIsCreating(false)} />
      )}
    </>
  );
}
