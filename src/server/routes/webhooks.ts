import { Elysia } from "elysia";
import {
  SHIPSTATION_V2_WEBHOOK_PATH,
  SHIPSTATION_WEBHOOK_PATH,
  ShipStationV2WebhookBody,
  ShipStationWebhookBody,
  ShipStationWebhookQuery,
  WebhookReceipt,
} from "../../contracts/webhooks.ts";
import { invalid } from "../../core/errors.ts";
import { receiveWebhook } from "../../core/shipstation/webhook-events.ts";
import { receiveV2Webhook, V2WebhookKeys } from "../../core/shipstation/v2-webhook.ts";
import type { ServerContext } from "../context.ts";
import { toWebhookReceiptJson } from "../json/webhook-event-json.ts";
import { RawBody } from "../middleware/body-limits.ts";
import { answers } from "../openapi/answers.ts";

/**
 * ShipStation calls these without a session. V1: the secret in the URL (or an X-Webhook-Secret header) is
 * its credential. V2: ShipStation's RSA signature over the timestamp and the raw body, which the body
 * limits keep unparsed for it (RawBody). Either delivery is stored in the server's intake file (which no
 * other process locks) and answered once committed; the worker moves it into crm.db and fetches the orders
 * afterwards.
 */
export function webhookRoutes(context: ServerContext) {
  // ShipStation's signing keys, kept for as long as the server runs.
  const v2Keys = new V2WebhookKeys();
  const v2Answers = answers(WebhookReceipt);
  return new Elysia()
    .post(
      SHIPSTATION_WEBHOOK_PATH,
      async ({ body, query, request }) => {
        const stored = await receiveWebhook(context.db, context.env, context.webhookWorker.intake, {
          secret: query.secret ?? request.headers.get("x-webhook-secret") ?? undefined,
          resourceUrl: body.resource_url,
          resourceType: body.resource_type,
        });
        context.webhookWorker.wake();
        return toWebhookReceiptJson(stored);
      },
      { query: ShipStationWebhookQuery, body: ShipStationWebhookBody, ...answers(WebhookReceipt) },
    )
    .post(
      SHIPSTATION_V2_WEBHOOK_PATH,
      async ({ body, request }) => {
        if (!(body instanceof RawBody)) throw invalid("body", "The request body could not be read");
        const stored = await receiveV2Webhook(context.db, context.env, context.webhookWorker.intake, v2Keys, {
          signature: {
            keyId: request.headers.get("x-shipengine-rsa-sha256-key-id"),
            signature: request.headers.get("x-shipengine-rsa-sha256-signature"),
            timestamp: request.headers.get("x-shipengine-timestamp"),
          },
          rawBody: body.bytes,
        });
        context.webhookWorker.wake();
        return toWebhookReceiptJson(stored);
      },
      // The body is verified as bytes before it is parsed, so Elysia has no schema of it to check: it is described here.
      { detail: { ...v2Answers.detail, requestBody: { required: true, content: { "application/json": { schema: ShipStationV2WebhookBody } } } } },
    );
}
