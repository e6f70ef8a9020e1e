import type { Task } from "../../api/tasks";
import { ActionsMenu, ActionsMenuItem } from "../../ui/ActionsMenu";
import { RefreshIcon, TrashIcon, UserIcon } from "../../ui/icons";

export interface TaskActionsMenuProps {
  task: Task;
  disabled: boolean;
  onReassign: () => void;
  onReopen: () => void;
  onDelete: () => void;
  /** Only the button's look, until a person reaches for it (see useMountOnIntent). */
  standIn: boolean;
}

/** The less frequent actions, kept out of the way: Reassign an open task, Reopen a completed one, Delete either. */
export function TaskActionsMenu({ task, disabled, onReassign, onReopen, onDelete, standIn }: TaskActionsMenuProps) {
  return (
    <ActionsMenu disabled={disabled} label={`More actions for ${task.title}`} title="More actions" testId="task-actions-button" standIn={standIn}>
      {task.status === "open" ? (
        <ActionsMenuItem icon={UserIcon} label="Reassign" onClick={onReassign} testId="task-reassign-item" />
      ) : (
        <ActionsMenuItem icon={RefreshIcon} label="Reopen" onClick={onReopen} testId="task-reopen-item" />
      )}
      <ActionsMenuItem icon={TrashIcon} label="Delete" onClick={onDelete} testId="task-delete-item" isDestructive />
    </ActionsMenu>
  );
}
