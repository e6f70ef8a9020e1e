import { t } from "./type-builder.ts";
import { IsoTime } from "./common.ts";

/**
 * ShipStation's webhooks, called by ShipStation without a session.
 *   POST  /api/webhooks/shipstation?secret=…  API V1: store the event for the worker (ShipStationWebhookBody → WebhookReceipt)
 *   POST  /api/webhooks/shipstation-v2        API V2, signed: the same, once its RSA signature is verified (ShipStationWebhookBody → WebhookReceipt)
 * V1's credential is the shared secret, which may come in an X-Webhook-Secret header instead of the query.
 * V2's is ShipStation's signature over its timestamp and the raw body (core/shipstation/v2-webhook.ts).
 */

/** Where ShipStation is to send its V1 webhooks, on this site. */
export const SHIPSTATION_WEBHOOK_PATH = "/api/webhooks/shipstation";

/** Where ShipStation is to send its V2 webhooks, on this site. */
export const SHIPSTATION_V2_WEBHOOK_PATH = "/api/webhooks/shipstation-v2";

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

/** V2's payload, as the OpenAPI description states it: the route reads the raw body, to verify its signature over it. */
export const ShipStationV2WebhookBody = t.Object({
  resource_url: t.String({ description: "Where the worker fetches the shipments the event is about; must be on the V2 API" }),
  resource_type: t.Optional(t.String({ description: "SHIPMENT_CREATED_V2…; UNKNOWN when absent" })),
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
