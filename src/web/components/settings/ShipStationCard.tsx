import { useState } from "react";
import { useShipStationSettings, type ShipStationApiGeneration, type ShipStationSecretName } from "../../api/settings";
import { useWrite } from "../../ui/use-write";
import { CopyableValue } from "../../ui/CopyableValue";
import { LoadError } from "../../ui/LoadError";
import { PlugIcon } from "../../ui/icons";
import { AdminOnlyNote } from "./AdminOnlyNote";
import { ConnectionStatusPanel } from "./ConnectionStatusPanel";
import { SecretField } from "./SecretField";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import { WebhookEventsPanel } from "./WebhookEventsPanel";
import { webhookUrl } from "./webhook-url";
import { WebhookUrlField } from "./WebhookUrlField";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

const TITLE = "ShipStation Integration";
const CONNECTION_WORDS: Record<ShipStationApiGeneration, { service: string; howToConnect: string; notConnected: string }> = {
  v1: { service: "ShipStation", howToConnect: "Save the API Key and API Secret to connect.", notConnected: "An administrator has not connected ShipStation yet." },
  v2: { service: "ShipStation", howToConnect: "Save the V2 API Key to connect.", notConnected: "An administrator has not connected ShipStation yet." },
};
const DESCRIPTION = "Orders placed in ShipStation reach their accounts through its webhooks.";

const GENERATIONS: readonly { generation: ShipStationApiGeneration; label: string; description: string }[] = [
  { generation: "v2", label: "API V2", description: "One API key, on every ShipStation plan; signed webhooks. It may leave out the customer's e-mail." },
  { generation: "v1", label: "API V1 (Legacy)", description: "API key and secret, on Gold plans and higher; webhooks carry a secret." },
];

const V2_SECRET_FIELDS: readonly { name: ShipStationSecretName; label: string; help: string; testId: string }[] = [
  { name: "v2ApiKey", label: "V2 API Key", help: "From ShipStation: Settings, Account, API Settings, with API version V2.", testId: "v2-api-key" },
];

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
  const { settings, error, retry, saveSecret, chooseGeneration, testConnection } = useShipStationSettings();
  const { run: runChoice, isPending: isChoosing } = useWrite({ failureMessage: "The API version could not be changed" });
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

  const secretField = (field: { name: ShipStationSecretName; label: string; help: string; testId: string }) => (
    <SecretField
      key={field.name}
      label={field.label}
      help={field.help}
      description={settings[field.name]}
      canChange={canChangeSettings}
      onSave={(value) => save(field.name, value)}
      testId={field.testId}
    />
  );

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={PlugIcon} testId="shipstation-card">
      <ConnectionStatusPanel
        status={settings.status}
        words={CONNECTION_WORDS[settings.generation]}
        onTest={canChangeSettings ? testConnection : undefined}
        testId="shipstation-status"
      />
      <fieldset disabled={!canChangeSettings || isChoosing} data-testid="shipstation-generation">
        <legend className={FIELD_LABEL_CLASS}>API version in use</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {GENERATIONS.map(({ generation, label, description }) => (
            <label
              key={generation}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-blue-500 has-checked:bg-blue-50/60 has-checked:ring-1 has-checked:ring-blue-500 has-disabled:cursor-not-allowed has-disabled:opacity-70"
            >
              <input
                type="radio"
                name="shipstation-generation"
                value={generation}
                checked={settings.generation === generation}
                onChange={() => void runChoice(() => chooseGeneration(generation), { success: { title: `ShipStation ${label} in use` } })}
                className="mt-0.5 size-4 accent-blue-600"
                data-testid={`shipstation-generation-${generation}`}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{label}</span>
                <span className="block text-xs text-slate-500">{description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <WebhookEventsPanel events={settings.webhookEvents} />
      <div className="space-y-5">
        {!canChangeSettings && <AdminOnlyNote />}
        <section className="space-y-5" aria-label="API V2" data-testid="shipstation-v2">
          <div>
            <CopyableValue
              label="V2 Webhook URL"
              value={webhookUrl(window.location.origin, settings.v2WebhookPath)}
              what="URL"
              copyLabel="Copy V2 webhook URL"
              stackOnPhones
              testId="v2-webhook-url"
              copyTestId="v2-webhook-url-copy"
            />
            <p className="mt-1.5 text-xs text-slate-500">ShipStation signs each V2 webhook; calls it did not sign, or sent more than 5 minutes ago, are refused. Nothing to add to the URL.</p>
          </div>
          {V2_SECRET_FIELDS.map(secretField)}
        </section>
        <section className="space-y-5 border-t border-slate-200 pt-5" aria-label="API V1" data-testid="shipstation-v1">
          <WebhookUrlField
            url={webhookUrl(window.location.origin, settings.webhookPath)}
            webhookSecret={settings.webhookSecret}
            secretSavedHere={webhookSecretSavedHere}
          />
          {SECRET_FIELDS.map(secretField)}
        </section>
      </div>
    </SettingsCard>
  );
}
