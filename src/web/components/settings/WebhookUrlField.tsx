import { useId } from "react";
import type { SecretDescription } from "../../api/settings";
import { CopyableValue } from "../../ui/CopyableValue";
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
  const noteId = useId();
  const copyable = copyableWebhookUrl(url, webhookSecret, secretSavedHere);

  return (
    <div>
      <CopyableValue
        label="Webhook URL"
        value={url}
        copyText={copyable.text}
        what="URL"
        copyLabel="Copy webhook URL"
        stackOnPhones
        describedBy={noteId}
        testId="webhook-url"
        copyTestId="webhook-url-copy"
      />
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
