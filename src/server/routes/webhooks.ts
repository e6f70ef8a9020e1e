import { PUBLIC_BODY_MAX_BYTES } from "../../contracts/common.ts";
import { SHIPSTATION_V2_WEBHOOK_PATH, SHIPSTATION_WEBHOOK_PATH, type WebhookReceipt } from "../../contracts/webhooks.ts";
import { invalid, notFound } from "../../core/errors.ts";
import { receiveWebhook } from "../../core/shipstation/webhook-events.ts";
import { receiveV2Webhook, V2WebhookKeys } from "../../core/shipstation/v2-webhook.ts";
import type { ServerContext } from "../context.ts";
import { toWebhookReceiptJson } from "../json/webhook-event-json.ts";
import { readBodyWithin, readJsonBodyWithin } from "../middleware/body-limits.ts";
import { failureAnswer } from "../middleware/errors.ts";
import { securityHeadersFor } from "../middleware/security-headers.ts";

/** A route answered ahead of the app, as Bun.serve's routes take it (serve.ts). */
export type WebhookRoute = (request: Request) => Promise<Response>;

/**
 * ShipStation calls these without a session. V1: the secret in the URL (or an X-Webhook-Secret header) is
 * its credential. V2: ShipStation's RSA signature over the timestamp and the raw body. Either delivery is
 * stored in the server's intake file (which no other process locks) and answered once committed; the worker
 * moves it into crm.db and fetches the orders afterwards.
 *
 * They are answered ahead of the Elysia app, by routes of their own in Bun.serve. ShipStation sends bursts
 * of them, and the app's work for every request (its context, hooks, body parser and answer mapping, all
 * there for people's calls) cost each delivery about a third more of the server's CPU: V2's bursts read
 * p95 13-14 ms through the app against 10-12 ms with the same core work ahead of it (docs/performance.md,
 * "Webhook intake"). What the app does for every answer is done here with the same functions: the body's
 * limit and JSON (body-limits.ts), failures as JSON `{message}` with their status (errors.ts) and the
 * security headers; serve.ts checks the Host as for every /api route. The API's description has them from
 * their contracts (api-description.ts).
 */
export function webhookRoutes(context: Pick<ServerContext, "db" | "env" | "webhookWorker" | "trustProxy">): Record<string, WebhookRoute> {
  // ShipStation's signing keys, kept for as long as the server runs.
  const v2Keys = new V2WebhookKeys();
  const routes = {
    [SHIPSTATION_WEBHOOK_PATH]: answeredAheadOfApp(SHIPSTATION_WEBHOOK_PATH, context.trustProxy, async (request) => {
      const body = await readJsonBodyWithin(request, PUBLIC_BODY_MAX_BYTES);
      const stored = await receiveWebhook(context.db, context.env, context.webhookWorker.intake, {
        secret: new URL(request.url).searchParams.get("secret") ?? request.headers.get("x-webhook-secret") ?? undefined,
        resourceUrl: optionalText(body, "resource_url"),
        resourceType: optionalText(body, "resource_type"),
      });
      context.webhookWorker.wake();
      return toWebhookReceiptJson(stored);
    }),
    [SHIPSTATION_V2_WEBHOOK_PATH]: answeredAheadOfApp(SHIPSTATION_V2_WEBHOOK_PATH, context.trustProxy, async (request) => {
      // The signature is over the bytes as they came: they are checked before anything parses them.
      const rawBody = await readBodyWithin(request, PUBLIC_BODY_MAX_BYTES);
      const stored = await receiveV2Webhook(context.db, context.env, context.webhookWorker.intake, v2Keys, {
        signature: {
          keyId: request.headers.get("x-shipengine-rsa-sha256-key-id"),
          signature: request.headers.get("x-shipengine-rsa-sha256-signature"),
          timestamp: request.headers.get("x-shipengine-timestamp"),
        },
        rawBody,
      });
      context.webhookWorker.wake();
      return toWebhookReceiptJson(stored);
    }),
  };
  return Object.fromEntries(Object.entries(routes).flatMap(([path, route]) => withTrailingSlash(path).map((form) => [form, route])));
}

/** Where the webhooks are answered (serve.ts routes these to them). */
export const WEBHOOK_PATHS = [SHIPSTATION_WEBHOOK_PATH, SHIPSTATION_V2_WEBHOOK_PATH].flatMap(withTrailingSlash);

/** A path and the same with a trailing slash, as the app answers its routes: an address typed with one goes on working. */
function withTrailingSlash(path: string): string[] {
  return [path, `${path}/`];
}

/** POST answered with its receipt, anything else as the app answers a path it has no route for; every answer with the security headers. */
function answeredAheadOfApp(path: string, trustProxy: boolean, receive: (request: Request) => Promise<WebhookReceipt>): WebhookRoute {
  return async (request) => {
    const headers = securityHeadersFor(request, trustProxy);
    try {
      if (request.method !== "POST") throw notFound(`Not found: ${path}`);
      return Response.json(await receive(request), { headers });
    } catch (error) {
      const answer = failureAnswer(error, path);
      return Response.json(answer.body, { status: answer.status, headers: { ...headers, ...answer.headers } });
    }
  };
}

/** ShipStationWebhookBody's fields: text when given; any other value is refused, naming the field. */
function optionalText(body: Record<string, unknown>, field: "resource_url" | "resource_type"): string | undefined {
  const value = body[field];
  if (value === undefined || typeof value === "string") return value;
  throw invalid(field, `${field} must be text`);
}
