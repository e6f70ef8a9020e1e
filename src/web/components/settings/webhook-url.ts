import type { SecretDescription } from "../../api/settings";

/** The address ShipStation is to call on this site: 'https://crm.example.com/api/webhooks/shipstation'. */
export function webhookUrl(origin: string, webhookPath: string): string {
  return new URL(webhookPath, origin).href;
}

export interface CopyableWebhookUrl {
  /** What the copy button puts on the clipboard. */
  text: string;
  /** Whether the copied URL carries the secret ShipStation must send; false when one is set but unknown here. */
  includesSecret: boolean;
}

/**
 * ShipStation sends the webhook secret as the URL's `secret` parameter, so the URL to paste there needs it.
 * The server never gives the secret out: only one saved from this page, and still the one in force
 * (its last 4 characters match the server's hint), can be appended.
 */
export function copyableWebhookUrl(url: string, webhookSecret: SecretDescription, secretSavedHere: string | null): CopyableWebhookUrl {
  if (!secretSavedHere || !isSecretInForce(webhookSecret, secretSavedHere)) return { text: url, includesSecret: false };
  const withSecret = new URL(url);
  withSecret.searchParams.set("secret", secretSavedHere);
  return { text: withSecret.href, includesSecret: true };
}

/** Whether the value saved from this page is still the secret the server uses: not since replaced, nor overridden by the environment. */
export function isSecretInForce(description: SecretDescription, value: string): boolean {
  return description.source === "database" && description.hint === secretHint(value);
}

/** How the server abbreviates a secret: '…' and its last 4 characters. */
function secretHint(value: string): string {
  return `…${value.slice(-4)}`;
}
