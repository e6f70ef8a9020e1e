import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import path from "node:path";
import { WEBHOOK_INTAKE_FILE_NAME } from "../../core/shipstation/webhook-intake.ts";
import { startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY, standInShipment } from "../../testing/shipstation-v2-stand-in.ts";
import { generateKeyPairSync } from "node:crypto";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { testServer } from "../../testing/test-server.ts";
import { WebhookBursts } from "../background/webhook-bursts.ts";
import { startWebhookWorker } from "../background/webhook-worker.ts";

const SECRET = "webhook-secret-123";

describe("the ShipStation webhook", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  let server: ReturnType<typeof testServer>;
  let env: Record<string, string>;
  beforeEach(() => {
    standIn = startShipStationStandIn();
    env = { SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET, SHIPSTATION_WEBHOOK_SECRET: SECRET };
    server = testServer(env, { clientOptions: { retryDelaysMs: [1, 1] } });
  });
  afterEach(async () => {
    await server.dispose();
    standIn.stop();
  });

  const deliver = (resourceUrl: string, query = `?secret=${SECRET}`, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/webhooks/shipstation${query}`, { body: { resource_url: resourceUrl, resource_type: "ORDER_NOTIFY" }, headers });
  const count = (table: string) => (server.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  /** The deliveries in the server's intake file, read as another process would: what is there is committed. */
  const intakeRows = () => {
    const intake = new Database(path.join(server.dataDir, WEBHOOK_INTAKE_FILE_NAME), { readonly: true });
    try {
      return intake.query("SELECT id, resource_url AS resourceUrl FROM webhook_deliveries ORDER BY id").all() as { id: number; resourceUrl: string }[];
    } finally {
      intake.close();
    }
  };
  /** A second connection holding crm.db's write lock, as a CLI import's transaction does. */
  const holdWriteLock = () => {
    const other = new Database(path.join(server.dataDir, "crm.db"));
    other.run("BEGIN IMMEDIATE");
    return {
      release() {
        other.run("COMMIT");
        other.close();
      },
    };
  };
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(10);
    expect(check()).toBe(true);
  };
  const attempts = () => (server.sqlite.query("SELECT attempts FROM webhook_events").get() as { attempts: number } | null)?.attempts ?? 0;
  /**
   * Makes the pending event due now and waits for the server's own worker to try it again. The test asks
   * no second worker: two at once could both take the event and count two attempts.
   */
  const retryNow = async () => {
    const before = attempts();
    server.sqlite.run("UPDATE webhook_events SET next_attempt_at = 0 WHERE state = 'pending'");
    await eventually(() => attempts() > before);
  };

  test("a valid call is answered at once and its orders reach the database through the real HTTP path", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(1001, { customerEmail: "Lab@Riverside.org" }), standInOrder(1002)], "batch-1")!;
    const response = await deliver(resourceUrl);
    expect(response).toMatchObject({ status: 200, body: { received: true } });
    await eventually(() => count("orders") === 2);
    const account = server.sqlite.query("SELECT name, email, order_count FROM accounts WHERE email = 'lab@riverside.org'").get();
    expect(account).toEqual({ name: "US Govt", email: "lab@riverside.org", order_count: 1 });
    expect(standIn.requests.some((url) => url.searchParams.get("importBatch") === "batch-1")).toBe(true);
    await eventually(() => (server.sqlite.query("SELECT state FROM webhook_events").get() as { state: string }).state === "done");
  });

  test("the secret may come in the X-Webhook-Secret header instead", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(2001)], "batch-2")!;
    expect((await deliver(resourceUrl, "", { "x-webhook-secret": SECRET })).status).toBe(200);
  });

  test("a missing or wrong secret answers 401 and stores nothing", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(3001)], "batch-3")!;
    expect(await deliver(resourceUrl, "")).toMatchObject({ status: 401, body: { message: "Missing or wrong webhook secret" } });
    expect((await deliver(resourceUrl, "?secret=wrong-secret-123")).status).toBe(401);
    expect((await deliver(resourceUrl, "", { "x-webhook-secret": `${SECRET}x` })).status).toBe(401);
    expect(intakeRows()).toEqual([]);
    expect(count("webhook_events")).toBe(0);
  });

  test("without a configured secret the webhook answers 503", async () => {
    const unconfigured = testServer({ SHIPSTATION_API_URL: standIn.url });
    try {
      const response = await unconfigured.request("POST", "/api/webhooks/shipstation?secret=anything", { body: { resource_url: `${standIn.url}/orders` } });
      expect(response.status).toBe(503);
    } finally {
      await unconfigured.dispose();
    }
  });

  test("a webhook secret saved in Settings holds from the next delivery on: the one before it is refused at once", async () => {
    const saved = testServer({ SHIPSTATION_API_URL: standIn.url });
    try {
      const admin = (await saved.signInAs("admin")).cookie;
      const resourceUrl = standIn.addOrders([standInOrder(7001)], "settings-secret")!;
      const deliverTo = (secret: string) => saved.request("POST", `/api/webhooks/shipstation?secret=${secret}`, { body: { resource_url: resourceUrl } });
      expect((await deliverTo("first-secret-1111")).status).toBe(503);
      await saved.request("PATCH", "/api/settings", { cookie: admin, body: { webhookSecret: "first-secret-1111" } });
      expect((await deliverTo("first-secret-1111")).status).toBe(200);
      expect((await deliverTo("first-secret-1111")).status).toBe(200);
      await saved.request("PATCH", "/api/settings", { cookie: admin, body: { webhookSecret: "second-secret-2222" } });
      expect((await deliverTo("first-secret-1111")).status).toBe(401);
      expect((await deliverTo("second-secret-2222")).status).toBe(200);
    } finally {
      await saved.dispose();
    }
  });

  test("a resource_url on another origin answers 400 and is never requested", async () => {
    let requested = false;
    const elsewhere = Bun.serve({ port: 0, fetch: () => ((requested = true), Response.json({ orders: [] })) });
    try {
      for (const url of [`${elsewhere.url.href}orders`, "https://ssapi.shipstation.com.evil.example/orders", "file:///etc/passwd", "not a url"]) {
        const response = await deliver(url);
        expect(response.status).toBe(400);
        expect(response.body.message).toContain("resource_url");
      }
      await Bun.sleep(100);
      expect(requested).toBe(false);
      expect(intakeRows()).toEqual([]);
      expect(count("webhook_events")).toBe(0);
    } finally {
      elsewhere.stop(true);
    }
  });

  test("ShipStation's own payloads are accepted as they come: sharded API hosts, extra fields", async () => {
    // Only a webhook secret: without API credentials the worker never calls the real ShipStation.
    const withDefaultApi = testServer({ SHIPSTATION_WEBHOOK_SECRET: SECRET });
    try {
      const payloads = [
        { resource_url: "https://ssapi.shipstation.com/orders?importBatch=ccc21896-2aa8-4f11-94ab-79ad5cc68bb2", resource_type: "ORDER_NOTIFY" },
        { resource_url: "https://ssapi6.shipstation.com/shipments?batchId=190671332&includeShipmentItems=False", resource_type: "SHIP_NOTIFY", store_id: 12345 },
      ];
      for (const body of payloads) {
        const response = await withDefaultApi.request("POST", `/api/webhooks/shipstation?secret=${SECRET}`, { body });
        expect(response).toMatchObject({ status: 200, body: { received: true, id: expect.any(Number) } });
      }
      const moved = () => withDefaultApi.sqlite.query("SELECT resource_type FROM webhook_events ORDER BY id").all();
      await eventually(() => moved().length === 2);
      expect(moved()).toEqual([{ resource_type: "ORDER_NOTIFY" }, { resource_type: "SHIP_NOTIFY" }]);
    } finally {
      await withDefaultApi.dispose();
    }
  });

  test("a resource_url that is missing or not text answers 400 naming it", async () => {
    for (const body of [{ resource_type: "ORDER_NOTIFY" }, { resource_url: 42 }]) {
      const response = await server.request("POST", `/api/webhooks/shipstation?secret=${SECRET}`, { body });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain("resource_url");
    }
    expect(intakeRows()).toEqual([]);
    expect(count("webhook_events")).toBe(0);
  });

  test("a burst of concurrent deliveries is stored whole: each answered with its own number, committed before the answer", async () => {
    const resourceUrls = Array.from({ length: 40 }, (_, i) => standIn.addOrders([standInOrder(5000 + i)], `burst-${i}`)!);
    const answers = await Promise.all(resourceUrls.map((resourceUrl) => deliver(resourceUrl)));
    const ids = answers.map((answer) => (answer.body as { id: number }).id);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(ids).size).toBe(40);
    // The worker settles for 200 ms after a burst before moving it into crm.db: until then it is all in the intake.
    const stored = intakeRows();
    expect(stored.map((delivery) => delivery.resourceUrl).sort()).toEqual([...resourceUrls].sort());
    expect(ids.map((id) => stored.find((delivery) => delivery.id === id)?.resourceUrl)).toEqual(resourceUrls);
    await eventually(() => count("orders") === 40);
    const events = server.sqlite.query("SELECT intake_id AS id, resource_url AS resourceUrl FROM webhook_events ORDER BY id").all() as { id: number; resourceUrl: string }[];
    expect(ids.map((id) => events.find((event) => event.id === id)?.resourceUrl)).toEqual(resourceUrls);
    expect(intakeRows()).toEqual([]);
  });

  test("a delivery while another process holds crm.db's write lock is answered at once, and reaches crm.db once the lock is free", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(9001)], "locked-1")!;
    const lock = holdWriteLock();
    let released = false;
    try {
      const started = performance.now();
      const response = await deliver(resourceUrl);
      const answeredInMs = performance.now() - started;
      expect(response).toMatchObject({ status: 200, body: { received: true } });
      // Bounds a wait for the lock would pass (SQLite's busy timeout is seconds) and a slow machine's turns would not.
      expect(answeredInMs).toBeLessThan(1_000);
      expect(intakeRows()).toEqual([{ id: response.body.id, resourceUrl }]);
      // The worker tries to move it and finds crm.db busy, without holding up anyone meanwhile.
      const loopStarted = performance.now();
      let longestTurnMs = 0;
      for (let last = performance.now(); performance.now() - loopStarted < 600; last = performance.now()) {
        await Bun.sleep(5);
        longestTurnMs = Math.max(longestTurnMs, performance.now() - last);
      }
      expect(longestTurnMs).toBeLessThan(1_000);
      expect(count("webhook_events")).toBe(0);
      lock.release();
      released = true;
      await eventually(() => count("orders") === 1);
      expect(server.sqlite.query("SELECT intake_id AS id, state FROM webhook_events").all()).toEqual([{ id: response.body.id, state: expect.stringMatching(/pending|done/) }]);
      await eventually(() => (server.sqlite.query("SELECT state FROM webhook_events").get() as { state: string }).state === "done");
      expect(intakeRows()).toEqual([]);
    } finally {
      if (!released) lock.release();
    }
  });

  test("a burst during a held write lock loses no delivery and stores none twice, and Settings counts the waiting ones as pending", async () => {
    const resourceUrls = Array.from({ length: 100 }, (_, i) => standIn.addOrders([standInOrder(9100 + i)], `locked-burst-${i}`)!);
    const admin = await server.signInAs("admin");
    const lock = holdWriteLock();
    let released = false;
    try {
      const timed = await Promise.all(
        resourceUrls.map(async (resourceUrl) => {
          const started = performance.now();
          return { answer: await deliver(resourceUrl), ms: performance.now() - started };
        }),
      );
      // None waited for the lock, which would take SQLite's busy timeout of seconds.
      expect(Math.max(...timed.map(({ ms }) => ms))).toBeLessThan(1_000);
      const answers = timed.map(({ answer }) => answer);
      expect(answers.map((answer) => answer.status)).toEqual(resourceUrls.map(() => 200));
      const ids = answers.map((answer) => answer.body.id as number);
      expect(new Set(ids).size).toBe(100);
      await Bun.sleep(400);
      expect(count("webhook_events")).toBe(0);
      const settings = await server.request("GET", "/api/settings", { cookie: admin.cookie });
      expect(settings.body.shipstation.webhookEvents).toMatchObject({ pending: 100, done: 0, failed: 0 });
      lock.release();
      released = true;
      await eventually(() => count("orders") === 100);
      const events = server.sqlite.query("SELECT intake_id AS id, resource_url AS resourceUrl FROM webhook_events ORDER BY intake_id").all();
      expect(events).toEqual(ids.map((id, i) => ({ id, resourceUrl: resourceUrls[i] })).sort((a, b) => a.id - b.id));
      expect(intakeRows()).toEqual([]);
      await eventually(() => (server.sqlite.query("SELECT count(*) AS n FROM webhook_events WHERE state = 'done'").get() as { n: number }).n === 100);
      const after = await server.request("GET", "/api/settings", { cookie: admin.cookie });
      expect(after.body.shipstation.webhookEvents).toMatchObject({ pending: 0, done: 100, failed: 0 });
    } finally {
      if (!released) lock.release();
    }
  });

  test("the same webhook delivered twice changes nothing the second time", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(4001), standInOrder(4002)], "batch-4")!;
    await deliver(resourceUrl);
    await eventually(() => count("orders") === 2);
    const before = server.sqlite.query("SELECT * FROM orders ORDER BY id").all();
    await deliver(resourceUrl);
    await eventually(() => (server.sqlite.query("SELECT count(*) AS n FROM webhook_events WHERE state = 'done'").get() as { n: number }).n === 2);
    expect(server.sqlite.query("SELECT * FROM orders ORDER BY id").all()).toEqual(before);
    expect(server.sqlite.query("SELECT orders_created, orders_updated FROM webhook_events ORDER BY id").all()).toEqual([
      { orders_created: 2, orders_updated: 0 },
      { orders_created: 0, orders_updated: 0 },
    ]);
  });

  test("a failed fetch is retried with backoff and then succeeds", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(5001)], "batch-5")!;
    standIn.failNextRequests(3, 500);
    await deliver(resourceUrl);
    await eventually(() => attempts() === 1);
    const failed = server.sqlite.query("SELECT state, last_error, next_attempt_at FROM webhook_events").get() as { state: string; last_error: string; next_attempt_at: number };
    expect(failed.state).toBe("pending");
    expect(failed.last_error).toContain("500");
    // The first retry comes about a minute later.
    expect(failed.next_attempt_at - Date.now()).toBeGreaterThan(50_000);
    expect(count("orders")).toBe(0);

    await retryNow();
    expect(server.sqlite.query("SELECT state, attempts FROM webhook_events").get()).toEqual({ state: "done", attempts: 2 });
    expect(count("orders")).toBe(1);
  });

  test("a redirect is never followed: the attempt fails, nothing reaches the other address, and it is tried again later", async () => {
    let credentialsSeenElsewhere = 0;
    const elsewhere = Bun.serve({ port: 0, fetch: (request) => ((credentialsSeenElsewhere += request.headers.has("authorization") ? 1 : 0), Response.json({ orders: [], pages: 1 })) });
    try {
      const resourceUrl = standIn.addOrders([standInOrder(5101)], "batch-redirect")!;
      standIn.failNextRequests(1, 302, { location: `${elsewhere.url.href}orders` });
      await deliver(resourceUrl);
      await eventually(() => attempts() === 1);
      expect(server.sqlite.query("SELECT state, last_error AS lastError FROM webhook_events").get()).toEqual({
        state: "pending",
        lastError: "ShipStation answered 302, a redirect, which is not followed",
      });
      expect(credentialsSeenElsewhere).toBe(0);

      await retryNow();
      expect(server.sqlite.query("SELECT state, attempts FROM webhook_events").get()).toEqual({ state: "done", attempts: 2 });
      expect(count("orders")).toBe(1);
    } finally {
      elsewhere.stop(true);
    }
  });

  test("after five failures an event is marked failed and shows in Settings", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(6001)], "batch-6")!;
    standIn.failNextRequests(1000, 502);
    await deliver(resourceUrl);
    // The worker's own first attempt, once it has moved the delivery into crm.db.
    await eventually(() => attempts() === 1);
    for (let attempt = 2; attempt <= 5; attempt++) await retryNow();
    expect(server.sqlite.query("SELECT state, attempts FROM webhook_events").get()).toEqual({ state: "failed", attempts: 5 });
    const admin = await server.signInAs("admin");
    const settings = await server.request("GET", "/api/settings", { cookie: admin.cookie });
    expect(settings.body.shipstation.webhookEvents).toMatchObject({ failed: 1, pending: 0 });
    expect(settings.body.shipstation.webhookEvents.recentFailures[0].lastError).toContain("502");
  });

  test("events still pending when a server stops are processed when the next one starts", async () => {
    const resourceUrl = standIn.addOrders([standInOrder(7001)], "batch-7")!;
    // As left by a server that stopped after storing the event and before fetching it.
    const restarted = temporaryDatabase();
    try {
      restarted.sqlite.run("INSERT INTO webhook_events (resource_url, resource_type, state, next_attempt_at, received_at) VALUES (?, 'ORDER_NOTIFY', 'pending', 0, 0)", [resourceUrl]);
      const worker = startWebhookWorker(restarted.db, env, { pollMs: 60_000 });
      for (let i = 0; i < 200 && (restarted.sqlite.query("SELECT state FROM webhook_events").get() as { state: string }).state !== "done"; i++) await Bun.sleep(10);
      await worker.stop();
      expect(restarted.sqlite.query("SELECT state FROM webhook_events").get()).toEqual({ state: "done" });
      expect(restarted.sqlite.query("SELECT count(*) AS n FROM orders").get()).toEqual({ n: 1 });
    } finally {
      restarted.dispose();
    }
  });

  test("while a burst of deliveries goes on the worker steps aside but in the burst's slices, and catches up once it ends", async () => {
    const burst = temporaryDatabase();
    const EVENTS = 100;
    // Waits long enough for a loaded machine, and no longer than the worker takes.
    const waitFor = async (check: () => boolean) => {
      for (let i = 0; i < 3_000 && !check(); i++) await Bun.sleep(10);
      expect(check()).toBe(true);
    };
    try {
      for (let i = 0; i < EVENTS; i++) {
        const resourceUrl = standIn.addOrders([standInOrder(8000 + i)], `burst-${i}`)!;
        burst.sqlite.run("INSERT INTO webhook_events (resource_url, resource_type, state, next_attempt_at, received_at) VALUES (?, 'ORDER_NOTIFY', 'pending', 0, 0)", [resourceUrl]);
      }
      const done = () => (burst.sqlite.query("SELECT count(*) AS n FROM webhook_events WHERE state = 'done'").get() as { n: number }).n;
      // The bursts' clock is the test's: deliveries arrive when it says.
      let now = 0;
      const bursts = new WebhookBursts({ now: () => now, settleMs: 100, sliceMs: 20, everyMs: 1_000 });
      const deliverAt = (ms: number) => {
        for (; now < ms; now += 50) bursts.deliveryArrived();
        now = ms;
        bursts.deliveryArrived();
      };
      deliverAt(0);
      const worker = startWebhookWorker(burst.db, env, { pollMs: 5, bursts });
      try {
        // Between slices the start's pass and the polls take nothing.
        deliverAt(500);
        await Bun.sleep(100);
        expect(done()).toBe(0);
        // The slice a second into the burst: events are processed while it lasts, and not after it.
        deliverAt(1_005);
        await waitFor(() => done() > 0);
        deliverAt(1_030);
        const afterSlice = done();
        expect(afterSlice).toBeLessThan(EVENTS);
        await Bun.sleep(100);
        // The event in hand when the slice ended is finished, no other begun.
        expect(done()).toBeLessThanOrEqual(afterSlice + 1);
        // The burst is over: the rest, at once.
        now = 1_130;
        await waitFor(() => done() === EVENTS);
      } finally {
        await worker.stop();
      }
    } finally {
      burst.dispose();
    }
  }, 60_000);
});

describe("the ShipStation V2 webhook, signed", () => {
  let standIn: ReturnType<typeof startShipStationV2StandIn>;
  let server: ReturnType<typeof testServer>;
  beforeEach(() => {
    standIn = startShipStationV2StandIn();
    server = testServer(
      { SHIPSTATION_V2_API_URL: standIn.url, SHIPSTATION_V2_API_KEY: STAND_IN_V2_API_KEY, SHIPSTATION_V2_JWKS_URL: standIn.jwksUrl },
      { clientOptions: { retryDelaysMs: [1, 1] } },
    );
  });
  afterEach(async () => {
    await server.dispose();
    standIn.stop();
  });

  const send = (webhook: { body: string; headers: Record<string, string> }) => server.request("POST", "/api/webhooks/shipstation-v2", { text: webhook.body, headers: webhook.headers });
  const count = (table: string) => (server.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const intakeRows = () => {
    const intake = new Database(path.join(server.dataDir, WEBHOOK_INTAKE_FILE_NAME), { readonly: true });
    try {
      return intake.query("SELECT resource_url AS resourceUrl FROM webhook_deliveries").all();
    } finally {
      intake.close();
    }
  };
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 300 && !check(); i++) await Bun.sleep(10);
    expect(check()).toBe(true);
  };

  test("a signed delivery is stored before its answer, and its shipment becomes an order through the worker", async () => {
    const resourceUrl = standIn.addShipments([standInShipment(4001, { ship_to: { name: "Ann", company_name: "Riverside Lab", email: "Lab@Riverside.org" } })]);
    const response = await send(standIn.signedWebhook({ resource_url: resourceUrl }));
    expect(response).toMatchObject({ status: 200, body: { received: true, id: expect.any(Number) } });
    await eventually(() => count("orders") === 1);
    expect(server.sqlite.query("SELECT external_id AS externalId, order_number AS orderNumber, customer_email AS email FROM orders").get()).toEqual({
      externalId: "se-4001",
      orderNumber: "SS-4001",
      email: "lab@riverside.org",
    });
    await eventually(() => (server.sqlite.query("SELECT state FROM webhook_events").get() as { state: string }).state === "done");
    expect(standIn.requests.map((url) => url.pathname)).toEqual(["/v2/shipments/se-4001"]);
  });

  test("forged, tampered, stale or unsigned deliveries answer 401 and store nothing", async () => {
    const resourceUrl = standIn.addShipments([standInShipment(4002)]);
    const genuine = standIn.signedWebhook({ resource_url: resourceUrl });
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const refused = [
      standIn.signedWebhook({ resource_url: resourceUrl }, { tamper: (body) => body.replace("se-4002", "se-4003") }),
      standIn.signedWebhook({ resource_url: resourceUrl }, { withKey: stranger }),
      standIn.signedWebhook({ resource_url: resourceUrl }, { signedAt: new Date(Date.now() - 6 * 60_000) }),
      standIn.signedWebhook({ resource_url: resourceUrl }, { keyId: "not-a-published-key" }),
      { body: genuine.body, headers: { "content-type": "application/json" } },
      { body: genuine.body, headers: { ...genuine.headers, "x-shipengine-rsa-sha256-signature": "" } },
    ];
    for (const webhook of refused) {
      const response = await send(webhook);
      expect(response.status).toBe(401);
      expect(typeof response.body.message).toBe("string");
    }
    await Bun.sleep(50);
    expect(intakeRows()).toEqual([]);
    expect(count("webhook_events")).toBe(0);
    expect(standIn.requests).toEqual([]);
  });

  test("a replayed delivery, signed long ago, changes nothing even with its signature intact", async () => {
    const resourceUrl = standIn.addShipments([standInShipment(4004)]);
    const old = standIn.signedWebhook({ resource_url: resourceUrl }, { signedAt: new Date(Date.now() - 60 * 60_000) });
    expect((await send(old)).status).toBe(401);
    expect(intakeRows()).toEqual([]);
  });

  test("after ShipStation rotates its key, deliveries signed with the new one are accepted", async () => {
    const resourceUrl = standIn.addShipments([standInShipment(4005)]);
    expect((await send(standIn.signedWebhook({ resource_url: resourceUrl }))).status).toBe(200);
    standIn.rotateKey();
    expect((await send(standIn.signedWebhook({ resource_url: resourceUrl }))).status).toBe(200);
    expect(standIn.jwksRequests).toBe(2);
  });

  test("a signed resource_url off the V2 API answers 400 and is never requested", async () => {
    let requested = false;
    const elsewhere = Bun.serve({ port: 0, fetch: () => ((requested = true), Response.json({ shipments: [] })) });
    try {
      for (const url of [`${elsewhere.url.href}v2/shipments/se-1`, `${standIn.url}/orders`, "https://api.shipstation.com.evil.example/v2/shipments", "not a url"]) {
        const response = await send(standIn.signedWebhook({ resource_url: url }));
        expect(response.status).toBe(400);
        expect(response.body.message).toContain("resource_url");
      }
      expect((await send(standIn.signedWebhook("[1, 2]"))).status).toBe(400);
      await Bun.sleep(50);
      expect(requested).toBe(false);
      expect(intakeRows()).toEqual([]);
    } finally {
      elsewhere.stop(true);
    }
  });

  test("a V2 API key saved in Settings opens the V2 webhook from the next delivery on", async () => {
    const saved = testServer({ SHIPSTATION_V2_API_URL: standIn.url, SHIPSTATION_V2_JWKS_URL: standIn.jwksUrl });
    try {
      const admin = (await saved.signInAs("admin")).cookie;
      const webhook = standIn.signedWebhook({ resource_url: standIn.addShipments([standInShipment(4200)]) });
      const deliver = () => saved.request("POST", "/api/webhooks/shipstation-v2", { text: webhook.body, headers: webhook.headers });
      expect((await deliver()).status).toBe(503);
      expect((await deliver()).status).toBe(503);
      await saved.request("PATCH", "/api/settings", { cookie: admin, body: { v2ApiKey: STAND_IN_V2_API_KEY } });
      expect((await deliver()).status).toBe(200);
    } finally {
      await saved.dispose();
    }
  });

  test("a body over 64 KB answers 413; without a V2 API key the webhook answers 503", async () => {
    const huge = standIn.signedWebhook({ resource_url: `${standIn.url}/v2/shipments/se-1`, resource_type: "x".repeat(70 * 1024) });
    expect((await send(huge)).status).toBe(413);
    const unconfigured = testServer({ SHIPSTATION_V2_JWKS_URL: standIn.jwksUrl });
    try {
      const webhook = standIn.signedWebhook({ resource_url: `${standIn.url}/v2/shipments/se-1` });
      expect((await unconfigured.request("POST", "/api/webhooks/shipstation-v2", { text: webhook.body, headers: webhook.headers })).status).toBe(503);
    } finally {
      await unconfigured.dispose();
    }
  });

  test("the same shipment delivered twice, and a burst of signed deliveries, make each order once", async () => {
    const resourceUrls = Array.from({ length: 30 }, (_, i) => standIn.addShipments([standInShipment(4100 + i)]));
    const answers = await Promise.all([...resourceUrls, resourceUrls[0]!].map((resourceUrl) => send(standIn.signedWebhook({ resource_url: resourceUrl }))));
    expect(answers.map((answer) => answer.status)).toEqual([...resourceUrls, ""].map(() => 200));
    await eventually(() => count("webhook_events") === 31 && (server.sqlite.query("SELECT count(*) AS n FROM webhook_events WHERE state = 'done'").get() as { n: number }).n === 31);
    expect(count("orders")).toBe(30);
  });
});
