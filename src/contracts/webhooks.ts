import { t } from "./type-builder.ts";
import { IsoTime } from "./common.ts";

/**
 * ShipStation's webhook (API v1), called by ShipStation without a session: the shared secret is its credential.
 *   POST  /api/webhooks/shipstation?secret=…  store the event for the worker (ShipStationWebhookBody → WebhookReceipt)
 * The secret may come in an X-Webhook-Secret header instead of the query.
 */

/** Where ShipStation is to send its webhooks, on this site. */
export const SHIPSTATION_WEBHOOK_PATH = "/api/webhooks/shipstation";

export const ShipStationWebhookQuery = t.Object({
  secret: t.Optional(t.String({ description: "The webhook secret set in Settings, unless sent in the X-Webhook-Secret header" })),
});

/**
 * ShipStation's payload, e.g. {"resource_url": "https://ssapi.shipstation.com/orders?importBatch=…", "resource_type": "ORDER_NOTIFY"}.
 * Optional here so that a call without the right secret answers 401 even when it carries neither; with the
 * secret, resource_url is required and must be on the ShipStation API. Other fields are ignored.
 */
export const ShipStationWebhookBody = t.Object({
  resource_url: t.Optional(t.String({ description: "Where the worker fetches the orders (or shipments) the event is about" })),
  resource_type: t.Optional(t.String({ description: "ORDER_NOTIFY, SHIP_NOTIFY…; UNKNOWN when absent" })),
});

/** The event is stored (committed) before this answer; its orders are fetched afterwards. */
export const WebhookReceipt = t.Object({
  received: t.Literal(true),
  id: t.Integer({ description: "The stored webhook event" }),
});
export type WebhookReceipt = typeof WebhookReceipt.static;

/** A webhook event given up on after its retries. */
export const FailedWebhookEvent = t.Object({
  id: t.Integer(),
  resourceType: t.String({ description: "ORDER_NOTIFY, SHIP_NOTIFY…" }),
  lastError: t.Union([t.String(), t.Null()]),
  receivedAt: IsoTime,
});
export type FailedWebhookEvent = typeof FailedWebhookEvent.static;

/** ShipStation's webhook calls as the server works through them, shown in Settings. */
export const WebhookEventSummary = t.Object({
  pending: t.Integer({ description: "Received and waiting for their first attempt or a retry" }),
  done: t.Integer(),
  failed: t.Integer(),
  recentFailures: t.Array(FailedWebhookEvent, { description: "The latest five failures, newest first" }),
});
export type WebhookEventSummary = typeof WebhookEventSummary.static;
