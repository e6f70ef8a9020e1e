import type { ReactNode } from "react";
import { Button } from "./Button";
import { Modal } from "./Modal";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Replaces the confirm label while the action runs. */
  pendingLabel: string;
  isPending: boolean;
  /** Irreversible actions get a red confirm button. */
  isDestructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  /** What the person fills in before confirming, under the message (Clear All Data's company name). */
  children?: ReactNode;
  /** False keeps the confirm button disabled: until what `children` asks for is filled in. */
  canConfirm?: boolean;
}

/** Asks before an action; stays open, and cannot be dismissed, until the action has finished. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pendingLabel,
  isPending,
  isDestructive = false,
  onConfirm,
  onCancel,
  testId,
  children,
  canConfirm = true,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      canClose={!isPending}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending} autoFocus>
            Cancel
          </Button>
          <Button variant={isDestructive ? "danger" : "primary"} onClick={onConfirm} disabled={isPending || !canConfirm}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
