import { useState } from "react";
import { clearAllAccountData } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { Button } from "../Button";
import { ConfirmDialog } from "../ConfirmDialog";
import { TrashIcon } from "../icons";
import { useToast } from "../toast/useToast";

/** For admins: deletes every account with its contacts, orders and notes, after asking. */
export function ClearAllDataButton({ onCleared }: { onCleared: () => Promise<void> }) {
  const { toast } = useToast();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isClearing, setIsClearing] = useState(false);

  async function clear() {
    setIsClearing(true);
    try {
      await clearAllAccountData();
    } catch (error) {
      setIsClearing(false);
      toast({
        variant: "destructive",
        title: "Error",
        description: error instanceof ApiError ? error.serverMessage : "Failed to clear data",
      });
      return;
    }
    toast({ title: "Success", description: "All account data has been cleared successfully." });
    setIsConfirming(false);
    setIsClearing(false);
    await onCleared();
  }

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
        isPending={isClearing}
        isDestructive
        onConfirm={() => void clear()}
        onCancel={() => setIsConfirming(false)}
        testId="clear-all-data-dialog"
      />
    </>
  );
}
