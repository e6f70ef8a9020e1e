import { useState } from "react";
import { clearAllAccountData, useRefreshAccounts } from "../../api/accounts";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TrashIcon } from "../../ui/icons";

/** For admins: deletes every account with its contacts, orders and notes, after asking. */
export function ClearAllDataButton() {
  const [isConfirming, setIsConfirming] = useState(false);
  const { run, isPending } = useWrite({
    refresh: useRefreshAccounts(),
    success: { title: "Success", description: "All account data has been cleared successfully." },
    failureMessage: "Failed to clear data",
    onSuccess: () => setIsConfirming(false),
  });

  return (
    <>
      <Button variant="danger" icon={TrashIcon} onClick={() => setIsConfirming(true)}>
        Clear All Data
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Clear All Data"
        message="This permanently deletes every account with its contacts, orders and notes. Users and settings stay. This cannot be undone."
        confirmLabel="Clear All Data"
        pendingLabel="Clearing..."
        isPending={isPending}
        isDestructive
        onConfirm={() => void run(clearAllAccountData)}
        onCancel={() => setIsConfirming(false)}
        testId="clear-all-data-dialog"
      />
    </>
  );
}
