import { Button } from "../../ui/Button";
import { CopyableValue } from "../../ui/CopyableValue";
import { Modal } from "../../ui/Modal";

export interface OneTimePasswordDialogProps {
  /** 'User Invited' or 'Password Reset'. */
  title: string;
  /** Whom the password is for. */
  name: string;
  password: string;
  /** Why the password is shown rather than e-mailed, when an e-mail was tried and failed. */
  note?: string | null;
  onClose: () => void;
}

/**
 * A password the server made up and will never give again, shown this once with a copy button.
 * Only Done closes it: a stray Escape or click beside it would lose the password for good.
 */
export function OneTimePasswordDialog({ title, name, password, note, onClose }: OneTimePasswordDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={`Share this password with ${name}. It will not be shown again, and lets them in only to choose their own.`}
      canClose={false}
      testId="one-time-password-dialog"
      footer={
        <Button variant="primary" onClick={onClose} data-testid="one-time-password-done">
          Done
        </Button>
      }
    >
      {note && (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="one-time-password-note">
          {note}
        </p>
      )}
      <CopyableValue
        label="One-time password"
        value={password}
        what="password"
        copyLabel="Copy password"
        isSecret
        testId="one-time-password-value"
        copyTestId="one-time-password-copy"
      />
    </Modal>
  );
}
