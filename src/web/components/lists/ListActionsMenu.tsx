import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ListDefinition } from "../../api/lists";
import { ICON_BUTTON_CLASS } from "../Button";
import { MoreHorizontalIcon, PencilIcon, TrashIcon } from "../icons";

export interface ListActionsMenuProps {
  list: ListDefinition;
  onEdit: (list: ListDefinition) => void;
  onDelete: (list: ListDefinition) => void;
  /** Lifts the button above a card-wide button, so that it stays the one clicked. */
  className?: string;
}

/** 'Rename' and 'Delete' for a custom list; built-in lists have no menu, since neither is allowed for them. */
export function ListActionsMenu({ list, onEdit, onDelete, className = "" }: ListActionsMenuProps) {
  return (
    <Menu>
      <MenuButton aria-label={`Actions for the ${list.name} list`} title="List actions" className={`${ICON_BUTTON_CLASS} data-open:bg-slate-100 ${className}`} data-testid="list-actions-button">
        <MoreHorizontalIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        <MenuItem>
          <button
            type="button"
            onClick={() => onEdit(list)}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
            data-testid="list-rename-item"
          >
            <PencilIcon className="size-4" />
            Rename
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={() => onDelete(list)}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-red-600 data-focus:bg-red-50 data-focus:text-red-700"
            data-testid="list-delete-item"
          >
            <TrashIcon className="size-4" />
            Delete
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
