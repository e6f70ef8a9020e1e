import { useState } from "react";
import { ApiError } from "../../api/client";
import { deleteList, type ListDefinition } from "../../api/lists";
import { formatCountOf } from "../../format/count";
import { ConfirmDialog } from "../ConfirmDialog";
import { useToast } from "../toast/useToast";

export interface DeleteListDialogProps {
  list: ListDefinition;
  /** How many accounts are in the list, when known: the question says how many will move. */
  accountCount: number | undefined;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a custom list, saying that its accounts move to New; deletes it on confirmation. */
export function DeleteListDialog({ list, accountCount, onClose, onDeleted }: DeleteListDialogProps) {
  const { toast } = useToast();
  const [isDeleting, setIsDeleting] = useState(false);

  async function remove() {
    setIsDeleting(true);
    let accountsMoved: number;
    try {
      ({ accountsMoved } = await deleteList(list.key));
    } catch (error) {
      setIsDeleting(false);
      toast({
        variant: "destructive",
        title: "Failed to delete list.",
        description: error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined,
      });
      return;
    }
    toast({ title: "List deleted", description: `${list.name} has been deleted; ${formatCountOf(accountsMoved, "account")} moved to New.` });
    onDeleted();
  }

  return (
    <ConfirmDialog
      open
      title="Delete List"
      message={deleteMessage(list.name, accountCount)}
      confirmLabel="Delete List"
      pendingLabel="Deleting..."
      isPending={isDeleting}
      isDestructive
      onConfirm={() => void remove()}
      onCancel={onClose}
      testId="delete-list-dialog"
    />
  );
}

function deleteMessage(name: string, accountCount: number | undefined): string {
  const accounts = accountCount ? `The ${formatCountOf(accountCount, "account")} in ${name}` : `Any accounts in ${name}`;
  return `${accounts} will move to New. The list itself is deleted; this cannot be undone.`;
}
