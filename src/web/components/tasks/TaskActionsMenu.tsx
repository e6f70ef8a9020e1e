import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ComponentType } from "react";
import type { Task } from "../../api/tasks";
import { ICON_BUTTON_CLASS } from "../Button";
import { MoreHorizontalIcon, RefreshIcon, TrashIcon, UserIcon, type IconProps } from "../icons";

export interface TaskActionsMenuProps {
  task: Task;
  disabled: boolean;
  onReassign: () => void;
  onReopen: () => void;
  onDelete: () => void;
}

/** The less frequent actions, kept out of the way: Reassign an open task, Reopen a completed one, Delete either. */
export function TaskActionsMenu({ task, disabled, onReassign, onReopen, onDelete }: TaskActionsMenuProps) {
  return (
    <Menu>
      <MenuButton
        disabled={disabled}
        aria-label={`More actions for ${task.title}`}
        title="More actions"
        className={`${ICON_BUTTON_CLASS} data-open:bg-slate-100`}
        data-testid="task-actions-button"
      >
        <MoreHorizontalIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        {task.status === "open" ? (
          <ActionItem icon={UserIcon} label="Reassign" onClick={onReassign} testId="task-reassign-item" />
        ) : (
          <ActionItem icon={RefreshIcon} label="Reopen" onClick={onReopen} testId="task-reopen-item" />
        )}
        <ActionItem icon={TrashIcon} label="Delete" onClick={onDelete} testId="task-delete-item" isDestructive />
      </MenuItems>
    </Menu>
  );
}

interface ActionItemProps {
  icon: ComponentType<IconProps>;
  label: string;
  onClick: () => void;
  testId: string;
  isDestructive?: boolean;
}

function ActionItem({ icon: Icon, label, onClick, testId, isDestructive = false }: ActionItemProps) {
  return (
    <MenuItem>
      <button
        type="button"
        onClick={onClick}
        className={`flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm ${
          isDestructive ? "text-red-600 data-focus:bg-red-50 data-focus:text-red-700" : "text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
        }`}
        data-testid={testId}
      >
        <Icon className="size-4" />
        {label}
      </button>
    </MenuItem>
  );
}
