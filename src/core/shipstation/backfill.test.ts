import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { detectQueuedDuplicates } from "../duplicates/duplicate-queue.ts";
import { DomainError } from "../errors.ts";
import { pacificNow, startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { beginBackfill, continueBackfill, latestBackfill } from "./backfill.ts";

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
