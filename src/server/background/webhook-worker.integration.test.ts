import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import path from "node:path";
import { WEBHOOK_INTAKE_FILE_NAME } from "../../core/shipstation/webhook-intake.ts";
import { startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { WebhookBursts } from "./webhook-bursts.ts";
import { startWebhookWorker } from "./webhook-worker.ts";

describe("the webhook worker and the intake file", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  let database: ReturnType<typeof temporaryDatabase>;
  let env: Record<string, string>;
  beforeEach(() => {
    standIn = startShipStationStandIn();
    database = temporaryDatabase();
    env = { SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET };
  });
  afterEach(() => {
    database.dispose();
    standIn.stop();
  });

  const doneEvents = () => (database.sqlite.query("SELECT count(*) AS n FROM webhook_events WHERE state = 'done'").get() as { n: number }).n;
  const waitingInIntake = () => {
    const intake = new Database(path.join(database.dataDir, WEBHOOK_INTAKE_FILE_NAME), { readonly: true });
    try {
      return (intake.query("SELECT count(*) AS n FROM webhook_deliveries").get() as { n: number }).n;
    } finally {
      intake.close();
    }
  };
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 300 && !check(); i++) await Bun.sleep(10);
    expect(check()).toBe(true);
  };

  test("deliveries stored while crm.db was locked, by a server that then stopped, are moved and processed by the next one", async () => {
    const resourceUrls = [1, 2, 3].map((n) => standIn.addOrders([standInOrder(100 + n)], `restart-${n}`)!);
    const other = new Database(database.file);
    other.run("BEGIN IMMEDIATE");
    const first = startWebhookWorker(database.db, env, { pollMs: 20, bursts: new WebhookBursts({ settleMs: 10 }) });
    await Promise.all(resourceUrls.map((resourceUrl) => first.intake.store({ resourceUrl, resourceType: "ORDER_NOTIFY" })));
    first.wake();
    await Bun.sleep(150);
    await first.stop();
    other.run("COMMIT");
    other.close();
    expect(database.sqlite.query("SELECT count(*) AS n FROM webhook_events").get()).toEqual({ n: 0 });
    expect(waitingInIntake()).toBe(3);

    const next = startWebhookWorker(database.db, env, { pollMs: 60_000 });
    try {
      await eventually(() => doneEvents() === 3);
    } finally {
      await next.stop();
    }
    expect(waitingInIntake()).toBe(0);
    expect(database.sqlite.query("SELECT count(*) AS n FROM orders").get()).toEqual({ n: 3 });
  });

  test("deliveries stored by a server process that is then killed are moved and processed by the next one", async () => {
    const resourceUrls = [1, 2, 3].map((n) => standIn.addOrders([standInOrder(200 + n)], `killed-${n}`)!);
    // A process that stores the deliveries as the webhook route does, says so, and dies without closing anything.
    const script = `
      import { openDatabase } from ${JSON.stringify(path.join(import.meta.dir, "../../core/database/open.ts"))};
      import { WebhookIntake } from ${JSON.stringify(path.join(import.meta.dir, "../../core/shipstation/webhook-intake.ts"))};
      const [dataDir, urls] = process.argv.slice(-2);
      const intake = new WebhookIntake(openDatabase(dataDir).db);
      await Promise.all(JSON.parse(urls).map((resourceUrl) => intake.store({ resourceUrl, resourceType: "ORDER_NOTIFY" })));
      console.log("stored");
      process.kill(process.pid, "SIGKILL");
    `;
    const child = Bun.spawn([process.execPath, "--eval", script, database.dataDir, JSON.stringify(resourceUrls)], { stdout: "pipe", stderr: "inherit" });
    const [output, exitCode] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    expect(output.trim()).toBe("stored");
    expect(child.signalCode).toBe("SIGKILL");
    expect(exitCode).not.toBe(0);

    const worker = startWebhookWorker(database.db, env, { pollMs: 60_000 });
    try {
      await eventually(() => doneEvents() === 3);
    } finally {
      await worker.stop();
    }
    expect(database.sqlite.query("SELECT resource_url AS resourceUrl FROM webhook_events ORDER BY intake_id").all()).toEqual(resourceUrls.map((resourceUrl) => ({ resourceUrl })));
    expect(waitingInIntake()).toBe(0);
  });
});
