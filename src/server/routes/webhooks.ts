import { Elysia } from "elysia";
import { SHIPSTATION_WEBHOOK_PATH, ShipStationWebhookBody, ShipStationWebhookQuery, WebhookReceipt } from "../../contracts/webhooks.ts";
import { receiveWebhook } from "../../core/shipstation/webhook-events.ts";
import type { ServerContext } from "../context.ts";
import { toWebhookReceiptJson } from "../json/webhook-event-json.ts";
import { answers } from "../openapi/answers.ts";

/**
 * ShipStation calls this without a session: the secret in the URL (or an X-Webhook-Secret header) is its
 * credential. The delivery is stored in the server's intake file (which no other process locks) and
 * answered once committed; the worker moves it into crm.db and fetches the orders afterwards.
 */
export function webhookRoutes(context: ServerContext) {
  return new Elysia().post(
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
  );
}
