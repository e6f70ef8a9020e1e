import { afterEach, expect, test } from "bun:test";
import { webhookEvents } from "../database/schema.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { processDueWebhookEvents } from "./webhook-events.ts";

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

/**
 * Two passes over the same event (the server's worker beside a command's): the one that fetched first but
 * heard last must not write its stale count over the other's outcome.
 */
test("a pass that hears ShipStation's failure after another pass has tried the event again leaves that pass's outcome", async () => {
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let requests = 0;
  let firstAsked!: () => void;
  const firstArrived = new Promise<void>((resolve) => (firstAsked = resolve));
  const shipStation = Bun.serve({
    port: 0,
    async fetch() {
      requests++;
      if (requests === 1) {
        firstAsked();
        await firstHeld;
      }
      return new Response("Bad gateway", { status: 502 });
    },
  });
  const database = temporaryDatabase();
  dispose = () => {
    database.dispose();
    void shipStation.stop(true);
  };
  const env = { SHIPSTATION_API_KEY: "key", SHIPSTATION_API_SECRET: "secret", SHIPSTATION_API_URL: shipStation.url.origin };
  database.db
    .insert(webhookEvents)
    .values({ resourceUrl: `${shipStation.url.origin}/orders?importBatch=held`, resourceType: "ORDER_NOTIFY", state: "pending", nextAttemptAt: new Date(0), receivedAt: new Date() })
    .run();
  const dueAgain = () => database.sqlite.run("UPDATE webhook_events SET next_attempt_at = 0 WHERE state = 'pending'");

  const slowPass = processDueWebhookEvents(database.db, env, { retryDelaysMs: [] }, () => requests === 0);
  await firstArrived;
  for (let attempt = 0; attempt < 5; attempt++) {
    dueAgain();
    await processDueWebhookEvents(database.db, env, { retryDelaysMs: [] });
  }
  expect(database.sqlite.query("SELECT state, attempts FROM webhook_events").get()).toEqual({ state: "failed", attempts: 5 });

  releaseFirst();
  await slowPass;
  expect(database.sqlite.query("SELECT state, attempts FROM webhook_events").get()).toEqual({ state: "failed", attempts: 5 });
});
