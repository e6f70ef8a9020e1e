import { useState } from "react";
import { clearAllAccountData, useRefreshAccounts } from "../../api/accounts";
import { useAppConfig } from "../../api/app-config";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextField } from "../../ui/TextField";
import { TrashIcon } from "../../ui/icons";

/**
 * For admins: deletes every account with its contacts, orders and notes, once the company name is typed
 * (the server checks it too) and a backup is kept.
 */
export function ClearAllDataButton() {
  const [isConfirming, setIsConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const companyName = useAppConfig().config?.companyName;
  const close = () => {
    setIsConfirming(false);
    setTyped("");
  };
  const { run, isPending, fieldErrors, clearFieldError } = useWrite<{ message: string }>({
    refresh: useRefreshAccounts(),
    // The server's answer names the backup it kept first.
    success: ({ message }) => ({ title: "Success", description: message }),
    failureMessage: "Failed to clear data",
    onSuccess: close,
  });
  // As the server compares: case and surrounding spaces aside.
  const matches = companyName !== undefined && typed.trim().toLowerCase() === companyName.trim().toLowerCase();

  return (
    <>
      <Button variant="danger" icon={TrashIcon} className="max-sm:px-3" title="Clear All Data" onClick={() => setIsConfirming(true)}>
        <span className="max-sm:sr-only">Clear All Data</span>
      </Button>
      <ConfirmDialog
        open={isConfirming}
        title="Clear All Data"
        message="This deletes every account with its contacts, orders and notes, and the import history. Users and settings stay. A backup is kept first, which an administrator can restore with crm restore."
        confirmLabel="Clear All Data"
        pendingLabel="Clearing..."
        isPending={isPending}
        isDestructive
        canConfirm={matches}
        onConfirm={() => void run(() => clearAllAccountData(typed))}
        onCancel={close}
        testId="clear-all-data-dialog"
      >
        <TextField
          label={companyName ? `Type the company name, ${companyName}, to confirm` : "Type the company name to confirm"}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            clearFieldError("confirm");
          }}
          autoComplete="off"
          error={fieldErrors.confirm}
          data-testid="clear-all-data-confirm"
        />
      </ConfirmDialog>
    </>
  );
}
