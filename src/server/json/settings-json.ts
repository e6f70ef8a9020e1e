import type { IntegrationSettings } from "../../contracts/settings.ts";
import { SHIPSTATION_WEBHOOK_PATH } from "../../contracts/webhooks.ts";
import type { ShipStationDescription } from "../../core/shipstation/shipstation-settings.ts";
import type { WebhookEventSummary } from "../../core/shipstation/webhook-events.ts";
import { toWebhookEventSummaryJson } from "./webhook-event-json.ts";

export function toIntegrationSettingsJson(shipstation: ShipStationDescription, webhookEvents: WebhookEventSummary): IntegrationSettings {
  return {
    shipstation: {
      apiUrl: shipstation.apiUrl,
      webhookPath: SHIPSTATION_WEBHOOK_PATH,
      apiKey: shipstation.apiKey,
      apiSecret: shipstation.apiSecret,
      webhookSecret: shipstation.webhookSecret,
      status: shipstation.status,
      webhookEvents: toWebhookEventSummaryJson(webhookEvents),
    },
  };
}
