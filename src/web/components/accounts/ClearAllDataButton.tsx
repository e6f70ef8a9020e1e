import { useState } from "react";
import { clearAllAccountData, useRefreshAccounts } from "../../api/accounts";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TrashIcon } from "../../ui/icons";

/** For admins: deletes every account with its contacts, orders and notes, after asking and once a backup is kept. */
export function ClearAllDataButton() {
  const [isConfirming, setIsConfirming] = useState(false);
  const { run, isPending } = useWrite<{ message: string }>({
    refresh: useRefreshAccounts(),
    // The server's answer names the backup it kept first.
    success: ({ message }) => ({ title: "Success", description: message }),
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
        message="This deletes every account with its contacts, orders and notes, and the import history. Users and settings stay. A backup is kept first, which an administrator can restore with crm restore."
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
