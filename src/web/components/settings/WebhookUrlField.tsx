import { useId } from "react";
import type { SecretDescription } from "../../api/settings";
import { copyToClipboard } from "../../copy-to-clipboard";
import { Button } from "../../ui/Button";
import { CopyIcon } from "../../ui/icons";
import { useToast } from "../../ui/toast/useToast";
import { copyableWebhookUrl } from "./webhook-url";

export interface WebhookUrlFieldProps {
  /** The bare URL: the secret is never shown on screen. */
  url: string;
  webhookSecret: SecretDescription;
  /** The webhook secret saved from this page, if any: the copied URL can carry it. */
  secretSavedHere: string | null;
}

/** The address to paste into ShipStation's webhook settings, read-only, with a button that copies it. */
export function WebhookUrlField({ url, webhookSecret, secretSavedHere }: WebhookUrlFieldProps) {
  const { toast } = useToast();
  const inputId = useId();
  const noteId = useId();
  const copyable = copyableWebhookUrl(url, webhookSecret, secretSavedHere);

  async function copy() {
    try {
      await copyToClipboard(copyable.text);
      toast({ title: "Copied to clipboard" });
    } catch {
      toast({ variant: "destructive", title: "Error", description: "The URL could not be copied: select it and copy it by hand." });
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        Webhook URL
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          aria-describedby={noteId}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
          data-testid="webhook-url"
        />
        <Button icon={CopyIcon} onClick={() => void copy()} aria-label="Copy webhook URL" className="self-start sm:self-auto" data-testid="webhook-url-copy">
          Copy
        </Button>
      </div>
      <p id={noteId} className="mt-1.5 text-xs text-slate-500" data-testid="webhook-url-note">
        {webhookUrlNote(webhookSecret, copyable.includesSecret)}
      </p>
    </div>
  );
}

function webhookUrlNote(webhookSecret: SecretDescription, includesSecret: boolean): string {
  if (!webhookSecret.configured) return "Set a Webhook Secret below before you add this URL to ShipStation: calls without it are refused.";
  if (includesSecret) return "Paste it into ShipStation's webhook settings. The copied URL includes the webhook secret you just saved.";
  return "Append ?secret=YOUR_SECRET when you paste it into ShipStation.";
}
