import { useState } from "react";
import { useShipStationSettings, type ShipStationSecretName } from "../../api/settings";
import { LoadError } from "../../ui/LoadError";
import { PlugIcon } from "../../ui/icons";
import { AdminOnlyNote } from "./AdminOnlyNote";
import { ConnectionStatusPanel } from "./ConnectionStatusPanel";
import { SecretField } from "./SecretField";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import { WebhookEventsPanel } from "./WebhookEventsPanel";
import { webhookUrl } from "./webhook-url";
import { WebhookUrlField } from "./WebhookUrlField";

const TITLE = "ShipStation Integration";
const CONNECTION_WORDS = {
  service: "ShipStation",
  howToConnect: "Save the API Key and API Secret to connect.",
  notConnected: "An administrator has not connected ShipStation yet.",
};
const DESCRIPTION = "Orders placed in ShipStation reach their accounts through its webhooks.";

const SECRET_FIELDS: readonly { name: ShipStationSecretName; label: string; help: string; testId: string }[] = [
  {
    name: "webhookSecret",
    label: "Webhook Secret",
    help: "A password of your choice that ShipStation sends with each webhook; calls without it are refused.",
    testId: "webhook-secret",
  },
  { name: "apiKey", label: "API Key", help: "From ShipStation: Account Settings, API Settings.", testId: "api-key" },
  { name: "apiSecret", label: "API Secret", help: "Shown next to the API Key in ShipStation.", testId: "api-secret" },
];

/**
 * The ShipStation connection as it really is: whether the last test passed, the webhook address to give
 * ShipStation, the secrets (write-only; admins change them) and webhook calls that are waiting or failed.
 */
export function ShipStationCard({ canChangeSettings }: { canChangeSettings: boolean }) {
  const { settings, error, retry, saveSecret, testConnection } = useShipStationSettings();
  // The server never gives a secret out. One saved from this page is kept, for this visit only, so that
  // the webhook URL can be copied with it.
  const [webhookSecretSavedHere, setWebhookSecretSavedHere] = useState<string | null>(null);

  if (!settings && error) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={PlugIcon} testId="shipstation-card">
        <LoadError title="The ShipStation settings could not be loaded." error={error} onRetry={retry} compact testId="shipstation-load-error" />
      </SettingsCard>
    );
  }
  if (!settings) return <SettingsCardSkeleton title={TITLE} icon={PlugIcon} rows={4} testId="shipstation-card-loading" />;

  async function save(name: ShipStationSecretName, value: string) {
    await saveSecret(name, value);
    if (name === "webhookSecret") setWebhookSecretSavedHere(value);
  }

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={PlugIcon} testId="shipstation-card">
      <ConnectionStatusPanel status={settings.status} words={CONNECTION_WORDS} onTest={canChangeSettings ? testConnection : undefined} testId="shipstation-status" />
      <WebhookEventsPanel events={settings.webhookEvents} />
      <WebhookUrlField
        url={webhookUrl(window.location.origin, settings.webhookPath)}
        webhookSecret={settings.webhookSecret}
        secretSavedHere={webhookSecretSavedHere}
      />
      <div className="space-y-5">
        {!canChangeSettings && <AdminOnlyNote />}
        {SECRET_FIELDS.map((field) => (
          <SecretField
            key={field.name}
            label={field.label}
            help={field.help}
            description={settings[field.name]}
            canChange={canChangeSettings}
            onSave={(value) => save(field.name, value)}
            testId={field.testId}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
