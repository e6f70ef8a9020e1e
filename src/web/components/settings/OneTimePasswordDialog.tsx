import { useId } from "react";
import { copyToClipboard } from "../../copy-to-clipboard";
import { Button } from "../../ui/Button";
import { CopyIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { useToast } from "../../ui/toast/useToast";

export interface OneTimePasswordDialogProps {
  /** 'User Invited' or 'Password Reset'. */
  title: string;
  /** Whom the password is for. */
  name: string;
  password: string;
  onClose: () => void;
}

/**
 * A password the server made up and will never give again, shown this once with a copy button.
 * Only Done closes it: a stray Escape or click beside it would lose the password for good.
 */
export function OneTimePasswordDialog({ title, name, password, onClose }: OneTimePasswordDialogProps) {
  const { toast } = useToast();
  const inputId = useId();

  async function copy() {
    try {
      await copyToClipboard(password);
      toast({ title: "Copied to clipboard" });
    } catch {
      toast({ variant: "destructive", title: "Error", description: "The password could not be copied: select it and copy it by hand." });
    }
  }

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
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        One-time password
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={password}
          onFocus={(event) => event.target.select()}
          autoComplete="off"
          spellCheck={false}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
          data-testid="one-time-password-value"
        />
        <Button icon={CopyIcon} onClick={() => void copy()} aria-label="Copy password" autoFocus data-testid="one-time-password-copy">
          Copy
        </Button>
      </div>
    </Modal>
  );
}
