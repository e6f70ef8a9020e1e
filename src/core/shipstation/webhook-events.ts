import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { whenDatabaseFree } from "../database/busy.ts";
import type { CrmDatabase } from "../database/open.ts";
import { webhookEvents } from "../database/schema.ts";
import { DomainError, invalid } from "../errors.ts";
import type { ClientOptions } from "./shipstation-client.ts";
import { recordShipStationIncoming } from "./shipstation-order.ts";
import { readShipStationConfig, rememberedShipStationConfig, type ShipStationConfig } from "./shipstation-settings.ts";
import type { WebhookIntake } from "./webhook-intake.ts";
import { generationOfResource, isV1Resource, orderSourceFor } from "./order-source.ts";

/** Waits before the 2nd, 3rd, 4th and 5th attempt; after the 5th failure an event is marked failed. */
const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

export interface WebhookDelivery {
  /** From the `secret` query parameter or the X-Webhook-Secret header. */
  secret: string | undefined;
  resourceUrl: unknown;
  resourceType: unknown;
}

/**
 * Accepts a ShipStation webhook: checks the shared secret in constant time and the resource_url's origin,
 * then stores the delivery in the server's intake file for the worker. Nothing is stored when either check
 * fails, and nothing is fetched here. Resolves once the delivery is committed, with its number in the intake.
 */
export function receiveWebhook(db: CrmDatabase, env: Record<string, string | undefined>, intake: WebhookIntake, delivery: WebhookDelivery): Promise<{ id: number }> {
  const config = rememberedShipStationConfig(db, env);
  if (!config.webhookSecret) throw new DomainError("unavailable", "The ShipStation webhook is not configured: set a webhook secret first");
  if (!delivery.secret || !sameSecret(delivery.secret, config.webhookSecret)) throw new DomainError("unauthorized", "Missing or wrong webhook secret");
  if (typeof delivery.resourceUrl !== "string" || !isV1Resource(delivery.resourceUrl, config.apiUrl)) {
    throw invalid("resource_url", "resource_url must be a URL on the ShipStation API");
  }
  const resourceType = typeof delivery.resourceType === "string" && delivery.resourceType.trim() ? delivery.resourceType.trim().slice(0, 50) : "UNKNOWN";
  return intake.store({ resourceUrl: delivery.resourceUrl, resourceType });
}

/**
 * Works through every event that is due, oldest first: fetches its resource (every page of it) with the
 * API credentials and writes the orders through the one order writer. A failure schedules a retry.
 * `keepGoing`, asked before each event, lets the caller pause the work. Returns how many events it handled.
 */
export async function processDueWebhookEvents(
  db: CrmDatabase,
  env: Record<string, string | undefined>,
  clientOptions: ClientOptions = {},
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let handled = 0;
  for (;;) {
    if (clientOptions.signal?.aborted || !keepGoing()) return handled;
    const event = db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.state, "pending"), lte(webhookEvents.nextAttemptAt, new Date())))
      .orderBy(asc(webhookEvents.nextAttemptAt), asc(webhookEvents.id))
      .limit(1)
      .get();
    if (!event) return handled;
    await processEvent(db, readShipStationConfig(db, env), event, clientOptions);
    handled++;
  }
}

/**
 * Fetches an event's resource with the credentials of the generation whose API it is on (V1's unsigned
 * webhook and V2's signed one share the intake and this worker), and writes its orders.
 */
async function processEvent(db: CrmDatabase, config: ShipStationConfig, event: typeof webhookEvents.$inferSelect, clientOptions: ClientOptions): Promise<void> {
  try {
    const generation = generationOfResource(config, event.resourceUrl);
    if (!generation) throw new DomainError("invalid", "resource_url is no longer on the configured API");
    const source = orderSourceFor(db, config, generation, clientOptions);
    const counts = { created: 0, updated: 0 };
    for await (const orders of source.resourcePages(event.resourceUrl)) {
      // In the server another process's write (an import's batch) may hold the lock: waited for without blocking.
      const summary = await whenDatabaseFree(() => recordShipStationIncoming(db, orders, "webhook"));
      counts.created += summary.ordersCreated;
      counts.updated += summary.ordersUpdated;
    }
    await whenDatabaseFree(() =>
      db.update(webhookEvents)
        .set({ state: "done", attempts: sql`${webhookEvents.attempts} + 1`, ordersCreated: counts.created, ordersUpdated: counts.updated, lastError: null, finishedAt: new Date() })
        .where(eq(webhookEvents.id, event.id))
        .run(),
    );
  } catch (error) {
    if (clientOptions.signal?.aborted) return;
    const attempts = event.attempts + 1;
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    await whenDatabaseFree(() =>
      db.update(webhookEvents)
        .set({
          attempts,
          state: delay === undefined ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + (delay ?? 0)),
          lastError: error instanceof Error ? error.message : String(error),
          finishedAt: delay === undefined ? new Date() : null,
        })
        // Unless another pass has tried it meanwhile (the worker beside a command's pass): its outcome stands.
        .where(and(eq(webhookEvents.id, event.id), eq(webhookEvents.attempts, event.attempts), eq(webhookEvents.state, "pending")))
        .run(),
    );
  }
}

export interface WebhookEventSummary {
  pending: number;
  done: number;
  failed: number;
  /** The latest failures, newest first. */
  recentFailures: { id: number; resourceType: string; lastError: string | null; receivedAt: Date }[];
}

/** The webhook events Settings shows: pending ones (deliveries still in the intake among them) and recent failures. */
export function webhookEventSummary(db: CrmDatabase, intake: WebhookIntake): WebhookEventSummary {
  const counts = db
    .select({ state: webhookEvents.state, count: sql<number>`count(*)` })
    .from(webhookEvents)
    .groupBy(webhookEvents.state)
    .all();
  const recentFailures = db
    .select({ id: webhookEvents.id, resourceType: webhookEvents.resourceType, lastError: webhookEvents.lastError, receivedAt: webhookEvents.receivedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.state, "failed"))
    .orderBy(sql`${webhookEvents.id} DESC`)
    .limit(5)
    .all();
  const count = (state: string) => counts.find((row) => row.state === state)?.count ?? 0;
  return { pending: count("pending") + intake.countWaiting(), done: count("done"), failed: count("failed"), recentFailures };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
