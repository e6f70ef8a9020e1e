import type { ListDefinition } from "../../api/lists";
import { ActionsMenu, ActionsMenuItem } from "../../ui/ActionsMenu";
import { PencilIcon, TrashIcon } from "../../ui/icons";

export interface ListActionsMenuProps {
  list: ListDefinition;
  onEdit: (list: ListDefinition) => void;
  onDelete: (list: ListDefinition) => void;
  /** Lifts the button above a card-wide button, so that it stays the one clicked. */
  className?: string;
}

/** 'Rename' and 'Delete' for a custom list; built-in lists have no menu, since neither is allowed for them. */
export function ListActionsMenu({ list, onEdit, onDelete, className }: ListActionsMenuProps) {
  return (
    <ActionsMenu label={`Actions for the ${list.name} list`} title="List actions" testId="list-actions-button" className={className}>
      <ActionsMenuItem icon={PencilIcon} label="Rename" onClick={() => onEdit(list)} testId="list-rename-item" />
      <ActionsMenuItem icon={TrashIcon} label="Delete" onClick={() => onDelete(list)} testId="list-delete-item" isDestructive />
    </ActionsMenu>
  );
}
