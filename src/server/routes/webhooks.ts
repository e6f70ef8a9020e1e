import { Elysia } from "elysia";
import { receiveWebhook } from "../../core/shipstation/webhook-events.ts";
import type { ServerContext } from "../context.ts";

/**
 * ShipStation calls this without a session: the secret in the URL (or an X-Webhook-Secret header) is its
 * credential. The event is stored and answered at once; the worker fetches the orders afterwards.
 */
export function webhookRoutes(context: ServerContext) {
  return new Elysia().post("/api/webhooks/shipstation", async ({ body, query, request }) => {
    const payload = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const { id } = await receiveWebhook(context.db, context.env, {
      secret: (typeof query.secret === "string" ? query.secret : undefined) ?? request.headers.get("x-webhook-secret") ?? undefined,
      resourceUrl: payload.resource_url,
      resourceType: payload.resource_type,
    });
    context.webhookWorker.wake();
    return { received: true, id };
  });
}
