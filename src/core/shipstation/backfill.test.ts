import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { SYSTEM } from "../changes/actor.ts";
import { detectQueuedDuplicates } from "../duplicates/duplicate-queue.ts";
import { DomainError } from "../errors.ts";
import { pacificNow, startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { beginBackfill, continueBackfill, latestBackfill } from "./backfill.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY, standInShipment } from "../../testing/shipstation-v2-stand-in.ts";
import { chooseShipStationGeneration, readShipStationConfig } from "./shipstation-settings.ts";

describe("backfill from ShipStation's API", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let standIn: ReturnType<typeof startShipStationStandIn>;
  let env: Record<string, string>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => {
    database.dispose();
    standIn?.stop();
  });

  function useStandIn(options: Parameters<typeof startShipStationStandIn>[0] = {}) {
    standIn = startShipStationStandIn(options);
    env = { SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET };
  }
  const orders = (count: number, firstId = 1) => Array.from({ length: count }, (_, i) => standInOrder(firstId + i, { orderDate: pacificNow(-(i + 5)) }));
  const count = (table: string) => (database.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const run = (days = 30, options: Parameters<typeof continueBackfill>[3] = {}) =>
    continueBackfill(database.db, env, beginBackfill(database.db, env, days, "cli"), { retryDelaysMs: [1, 1, 1], ...options });

  test("pages through the window 500 at a time until a page comes back short, and records the counts", async () => {
    useStandIn();
    standIn.addOrders(orders(1200));
    standIn.addOrders([standInOrder(99_999, { orderDate: "2020-01-01T00:00:00.0000000" })]);
    const finished = await run(30);
    expect(finished).toMatchObject({ state: "succeeded", pages: 3, ordersCreated: 1200, ordersUpdated: 0, error: null });
    expect(count("orders")).toBe(1200);
    const pageSizes = standIn.requests.filter((url) => url.pathname === "/orders").map((url) => url.searchParams.get("pageSize"));
    expect(pageSizes).toEqual(["500", "500", "500"]);
    expect(standIn.requests[0]!.searchParams.get("orderDateStart")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await run(30)).ordersCreated).toBe(0);
    expect(latestBackfill(database.db)).toMatchObject({ state: "succeeded", ordersCreated: 0 });
  });

  test("counts the orders that came without a customer e-mail, kept among the unmatched orders", async () => {
    useStandIn();
    standIn.addOrders([...orders(3), standInOrder(900, { orderDate: pacificNow(-5), customerEmail: "   " }), standInOrder(901, { orderDate: pacificNow(-6), customerEmail: "" })]);
    expect(await run(30)).toMatchObject({ state: "succeeded", ordersCreated: 3, ordersUnmatched: 2 });
    expect(count("unmatched_orders")).toBe(2);
  });

  test("names each order's store as GET /stores does, asking only when an order names a store not known yet", async () => {
    useStandIn();
    standIn.addOrders(orders(3));
    await run(30);
    await run(30);
    const storesAsked = () => standIn.requests.filter((url) => url.pathname === "/stores").length;
    expect(storesAsked()).toBe(1);
    standIn.setStores([{ storeId: 26815, storeName: "Supply Direct Store" }, { storeId: 2, storeName: "Amazon Store" }]);
    standIn.addOrders([standInOrder(500, { advancedOptions: { storeId: 2 } })]);
    await run(30);
    expect(storesAsked()).toBe(2);
    const stores = database.sqlite.query<{ store: string; n: number }, []>("SELECT store, count(*) AS n FROM orders GROUP BY store ORDER BY store").all();
    expect(stores).toEqual([{ store: "Amazon Store", n: 1 }, { store: "Supply Direct Store", n: 3 }]);
  });

  test("pauses when X-Rate-Limit-Remaining reaches 0 until the reset", async () => {
    useStandIn({ rateLimit: 2, rateWindowSeconds: 1 });
    standIn.addOrders(orders(1100));
    const started = Date.now();
    const finished = await run(30);
    expect(finished.state).toBe("succeeded");
    expect(finished.pages).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  test("waits and tries again on 429, and retries 5xx answers", async () => {
    useStandIn({ rateLimit: 1, rateWindowSeconds: 1 });
    standIn.addOrders(orders(10));
    // Another client has used the minute's quota: the first answer is a 429.
    await fetch(`${standIn.url}/orders`, { headers: { authorization: `Basic ${btoa(`${STAND_IN_API_KEY}:${STAND_IN_API_SECRET}`)}` } });
    expect((await run(30)).state).toBe("succeeded");
    expect(count("orders")).toBe(10);

    standIn.stop();
    useStandIn();
    standIn.addOrders(orders(5, 500));
    standIn.failNextRequests(2, 503);
    expect(await run(30)).toMatchObject({ state: "succeeded", ordersCreated: 5 });
  });

  test("a run that keeps failing is marked failed with the reason, keeping the pages written", async () => {
    useStandIn();
    standIn.addOrders(orders(600));
    let calls = 0;
    const finished = await run(30, {
      onProgress: () => {
        if (++calls === 1) standIn.failNextRequests(1000, 500);
      },
    });
    expect(finished).toMatchObject({ state: "failed", pages: 1, ordersCreated: 500 });
    expect(finished.error).toContain("500");
    expect(count("orders")).toBe(500);
  });

  test("stopping (SIGTERM) keeps what was written, marks the run interrupted, and the next run completes it", async () => {
    useStandIn({ rateLimit: 1, rateWindowSeconds: 30 });
    standIn.addOrders(orders(700));
    const abort = new AbortController();
    const finished = await run(30, { signal: abort.signal, onProgress: () => abort.abort() });
    expect(finished).toMatchObject({ state: "interrupted", pages: 1, ordersCreated: 500 });
    expect(count("orders")).toBe(500);
    standIn.stop();
    useStandIn();
    standIn.addOrders(orders(700));
    expect(await run(30)).toMatchObject({ state: "succeeded", ordersCreated: 200 });
  });

  test("two backfills never run at once; a dead one's lock expires; days must be 1 to 90", () => {
    useStandIn();
    const first = beginBackfill(database.db, env, 30, "cli");
    expect(() => beginBackfill(database.db, env, 30, "dashboard")).toThrow(/A backfill is already running/);
    database.sqlite.run("UPDATE backfill_runs SET heartbeat_at = 0 WHERE id = ?", [first.id]);
    expect(beginBackfill(database.db, env, 30, "dashboard").id).toBeGreaterThan(first.id);
    expect(database.sqlite.query("SELECT state FROM backfill_runs WHERE id = ?").get(first.id)).toEqual({ state: "interrupted" });
    for (const days of [0, 91, 1.5]) expect(() => beginBackfill(database.db, env, days, "cli")).toThrow(DomainError);
  });

  test("without credentials a backfill is refused, saying what to set: either generation when nothing is, else what the chosen one lacks", () => {
    const refusal = (given: Record<string, string>) => {
      try {
        beginBackfill(database.db, given, 30, "cli");
      } catch (error) {
        return (error as DomainError).message;
      }
      return "begun";
    };
    expect(refusal({})).toBe("Connect ShipStation before a backfill: set its V2 API key, or its V1 API key and secret, in Settings or the environment");
    expect(refusal({ SHIPSTATION_API_KEY: STAND_IN_API_KEY })).toBe("Set the ShipStation API key and secret before a backfill");
    chooseShipStationGeneration(database.db, "v2", SYSTEM);
    expect(refusal({ SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET })).toBe("Set the ShipStation V2 API key before a backfill");
    expect(count("backfill_runs")).toBe(0);
  });

  test("the accounts a run creates are left for the background duplicate detection, which pairs them", async () => {
    useStandIn();
    standIn.addOrders([
      standInOrder(1, { customerEmail: "front@riverside.org", orderDate: pacificNow(-10) }),
      standInOrder(2, { customerEmail: "billing@riverside.org", orderDate: pacificNow(-9) }),
    ]);
    expect((await run(30)).state).toBe("succeeded");
    expect(database.sqlite.query("SELECT count(*) AS n FROM duplicate_queue").get()).toEqual({ n: 2 });
    expect(detectQueuedDuplicates(database.db)).toBe(0);
    expect(database.sqlite.query("SELECT count(*) AS n FROM duplicate_pairs WHERE state = 'open'").get()).toEqual({ n: 1 });
  });
});

describe("backfill from ShipStation's API V2, and by date modified", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let v2: ReturnType<typeof startShipStationV2StandIn> | undefined;
  let v1: ReturnType<typeof startShipStationStandIn> | undefined;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => {
    database.dispose();
    v2?.stop();
    v1?.stop();
    v2 = v1 = undefined;
  });

  function useV2(options: Parameters<typeof startShipStationV2StandIn>[0] = {}) {
    v2 = startShipStationV2StandIn(options);
    return { SHIPSTATION_V2_API_URL: v2.url, SHIPSTATION_V2_API_KEY: STAND_IN_V2_API_KEY };
  }
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  const run = (env: Record<string, string>, days: number, options: Parameters<typeof continueBackfill>[3] = {}) =>
    continueBackfill(database.db, env, beginBackfill(database.db, env, days, "cli"), { retryDelaysMs: [1, 1, 1], ...options });
  const statuses = () => database.sqlite.query<{ number: string; status: string }, []>("SELECT order_number AS number, status FROM orders ORDER BY order_number").all();

  test("with only a V2 key the backfill uses V2: its shipments of the window, a page at a time, by creation", async () => {
    const env = useV2();
    v2!.addShipments(Array.from({ length: 250 }, (_, i) => standInShipment(10_000 + i, { created_at: daysAgo(1 + i / 100) })));
    v2!.addShipments([standInShipment(99_999, { created_at: daysAgo(45) })]);
    expect(readShipStationConfig(database.db, env).generation).toBe("v2");
    const finished = await run(env, 30);
    expect(finished).toMatchObject({ state: "succeeded", pages: 3, ordersCreated: 250, error: null });
    const listed = v2!.requests.filter((url) => url.pathname === "/v2/shipments");
    expect(listed.map((url) => url.searchParams.get("page"))).toEqual(["1", "2", "3"]);
    expect(listed[0]!.searchParams.get("sort_by")).toBe("created_at");
    expect(listed[0]!.searchParams.get("page_size")).toBe("100");
    expect(Date.parse(listed[0]!.searchParams.get("created_at_start")!)).toBeGreaterThan(Date.parse(daysAgo(30.01)));
    expect((await run(env, 30)).ordersCreated).toBe(0);
  });

  test("V2's 429 is waited out for as long as Retry-After says, on a timer", async () => {
    const env = useV2({ rateLimit: 2, rateWindowSeconds: 1 });
    v2!.addShipments(Array.from({ length: 350 }, (_, i) => standInShipment(20_000 + i, { created_at: daysAgo(1) })));
    const finished = await run(env, 30);
    expect(finished).toMatchObject({ state: "succeeded", pages: 4, ordersCreated: 350 });
    // Each 429 paused the client until the window reset: never more refusals than pages asked for.
    expect(v2!.requests.length).toBeLessThanOrEqual(4 * 2);
  });

  test("a refused V2 key fails the run saying so", async () => {
    const env = { ...useV2(), SHIPSTATION_V2_API_KEY: "wrong-v2-key" };
    const finished = await run(env, 30);
    expect(finished).toMatchObject({ state: "failed" });
    expect(finished.error).toBe("ShipStation refused the V2 API key (401)");
  });

  test("by date modified, both generations pick up an old order cancelled since, which a backfill by placing misses", async () => {
    const env = useV2();
    v2!.addShipments([standInShipment(30_001, { created_at: daysAgo(60), modified_at: daysAgo(60), shipment_status: "pending" })]);
    await run(env, 90);
    v2!.addShipments([standInShipment(30_001, { created_at: daysAgo(60), modified_at: daysAgo(1), shipment_status: "cancelled" })]);
    expect(await run(env, 30)).toMatchObject({ ordersUpdated: 0 });
    expect(await run(env, 30, { by: "modified" })).toMatchObject({ state: "succeeded", ordersUpdated: 1 });
    expect(v2!.requests.at(-1)!.searchParams.get("sort_by")).toBe("modified_at");
    expect(statuses()).toEqual([{ number: "SS-30001", status: "cancelled" }]);

    v1 = startShipStationStandIn();
    const v1Env = { SHIPSTATION_API_URL: v1.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET };
    v1.addOrders([standInOrder(40_001, { orderNumber: "V1-1", orderDate: pacificNow(-60 * 24 * 60), modifyDate: pacificNow(-60), orderStatus: "cancelled" })]);
    expect(await run(v1Env, 30)).toMatchObject({ ordersCreated: 0 });
    expect(await run(v1Env, 30, { by: "modified" })).toMatchObject({ state: "succeeded", ordersCreated: 1 });
    expect(v1.requests.filter((url) => url.pathname === "/orders").at(-1)!.searchParams.get("modifyDateStart")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(statuses()).toContainEqual({ number: "V1-1", status: "cancelled" });
  });
});
