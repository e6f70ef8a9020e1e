import type { IntegrationSettings, SecretDescription } from "../../contracts/settings.ts";
import { SHIPSTATION_V2_WEBHOOK_PATH, SHIPSTATION_WEBHOOK_PATH } from "../../contracts/webhooks.ts";
import type { ShipStationDescription } from "../../core/shipstation/shipstation-settings.ts";
import type { WebhookEventSummary } from "../../core/shipstation/webhook-events.ts";
import { toWebhookEventSummaryJson } from "./webhook-event-json.ts";

/** The settings as a reader sees them: how each secret ends is told to administrators only. */
export function toIntegrationSettingsJson(shipstation: ShipStationDescription, webhookEvents: WebhookEventSummary, readerIsAdmin: boolean): IntegrationSettings {
  const secret = (description: SecretDescription): SecretDescription => (readerIsAdmin ? description : { ...description, hint: null });
  return {
    shipstation: {
      generation: shipstation.generation,
      apiUrl: shipstation.apiUrl,
      webhookPath: SHIPSTATION_WEBHOOK_PATH,
      apiKey: secret(shipstation.apiKey),
      apiSecret: secret(shipstation.apiSecret),
      webhookSecret: secret(shipstation.webhookSecret),
      v2ApiUrl: shipstation.v2ApiUrl,
      v2WebhookPath: SHIPSTATION_V2_WEBHOOK_PATH,
      v2ApiKey: secret(shipstation.v2ApiKey),
      status: shipstation.status,
      webhookEvents: toWebhookEventSummaryJson(webhookEvents),
    },
  };
}
