import { useRefreshAccounts } from "../../api/accounts";
import { deleteList, type ListDefinition, type ListDeletion } from "../../api/lists";
import { restoreFromRecycleBin } from "../../api/recycle-bin";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { formatCountOf } from "../../format/count";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

export interface DeleteListDialogProps {
  list: ListDefinition;
  /** How many accounts are in the list, when known: the question says how many will move. */
  accountCount: number | undefined;
  onClose: () => void;
  /**
   * Once deleted, before anything is read again: the list's tab, if open, must give way first, since its
   * accounts would be refused if they were asked for again. Then the lists and every page of accounts are
   * fetched again: the list's accounts are in New now.
   */
  onDeleted: () => void;
}

/** Asks before deleting a custom list, saying that its accounts move to New; deletes it on confirmation. */
export function DeleteListDialog({ list, accountCount, onClose, onDeleted }: DeleteListDialogProps) {
  const refreshAccounts = useRefreshAccounts();
  const undoAction = useUndo(refreshAccounts);
  const { run, isPending } = useWrite({
    refresh: refreshAccounts,
    success: ({ accountsMoved, recycleBinId }: ListDeletion) => ({
      title: "List deleted",
      description: `${list.name} has been deleted; ${formatCountOf(accountsMoved, "account")} moved to New. It stays in the recycle bin for 30 days.`,
      action: undoAction(() => restoreFromRecycleBin(recycleBinId)),
    }),
    failureTitle: "Failed to delete list.",
    onSuccess: onDeleted,
  });

  return (
    <ConfirmDialog
      open
      title="Delete List"
      message={deleteMessage(list.name, accountCount)}
      confirmLabel="Delete List"
      pendingLabel="Deleting..."
      isPending={isPending}
      isDestructive
      onConfirm={() => void run(() => deleteList(list.key))}
      onCancel={onClose}
      testId="delete-list-dialog"
    />
  );
}

function deleteMessage(name: string, accountCount: number | undefined): string {
  const accounts = accountCount ? `The ${formatCountOf(accountCount, "account")} in ${name}` : `Any accounts in ${name}`;
  return `${accounts} will move to New. The list goes to the recycle bin for 30 days; restoring it brings back the accounts still following the activity rules.`;
}
