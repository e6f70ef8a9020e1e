import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { pacificNow, startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { testServer } from "../../testing/test-server.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY, standInShipment } from "../../testing/shipstation-v2-stand-in.ts";

describe("/api/admin/backfill", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  let server: ReturnType<typeof testServer>;
  let admin: string;
  beforeEach(async () => {
    standIn = startShipStationStandIn();
    server = testServer({ SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET });
    admin = (await server.signInAs("admin")).cookie;
  });
  afterEach(async () => {
    await server.dispose();
    standIn.stop();
  });

  test("POST answers 202 at once and the job runs in the background; GET reports it", async () => {
    standIn.addOrders(Array.from({ length: 30 }, (_, i) => standInOrder(i + 1, { orderDate: pacificNow(-(i + 1)) })));
    expect((await server.request("GET", "/api/admin/backfill", { cookie: admin })).body).toEqual({ backfill: null });
    const started = await server.request("POST", "/api/admin/backfill", { cookie: admin, body: { days: 7 } });
    expect(started).toMatchObject({ status: 202, body: { days: 7, state: "running", trigger: "dashboard" } });
    let report = (await server.request("GET", "/api/admin/backfill", { cookie: admin })).body.backfill;
    for (let i = 0; i < 200 && report.state === "running"; i++) {
      await Bun.sleep(10);
      report = (await server.request("GET", "/api/admin/backfill", { cookie: admin })).body.backfill;
    }
    expect(report).toMatchObject({ state: "succeeded", pages: 1, ordersCreated: 30, accountsCreated: expect.any(Number), error: null });
  });

  test("days outside 1-90 answer 400; a second start while one runs answers 409; sales users get 403", async () => {
    for (const days of [0, 91, 1.5, "many"]) {
      expect(await server.request("POST", "/api/admin/backfill", { cookie: admin, body: { days } })).toMatchObject({
        status: 400,
        body: { message: "days must be a whole number from 1 to 90", field: "days" },
      });
    }
    server.sqlite.run("INSERT INTO backfill_runs (days, state, trigger, started_at, heartbeat_at) VALUES (30, 'running', 'cli', ?, ?)", [Date.now(), Date.now()]);
    expect((await server.request("POST", "/api/admin/backfill", { cookie: admin, body: {} })).status).toBe(409);
    const sales = (await server.signInAs("sales")).cookie;
    expect((await server.request("POST", "/api/admin/backfill", { cookie: sales, body: { days: 5 } })).status).toBe(403);
    expect((await server.request("GET", "/api/admin/backfill", { cookie: sales })).status).toBe(403);
  });
});

describe("/api/admin/backfill with only a V2 API key, by date modified", () => {
  test("Start Backfill uses V2, and { modified: true } asks for the orders modified in the window", async () => {
    const v2 = startShipStationV2StandIn();
    const server = testServer({ SHIPSTATION_V2_API_URL: v2.url, SHIPSTATION_V2_API_KEY: STAND_IN_V2_API_KEY });
    try {
      const admin = (await server.signInAs("admin")).cookie;
      v2.addShipments([standInShipment(1, { created_at: new Date(Date.now() - 60 * 86_400_000).toISOString(), modified_at: new Date().toISOString(), shipment_status: "cancelled" })]);
      expect(await server.request("POST", "/api/admin/backfill", { cookie: admin, body: { days: 7, modified: "yes" } })).toMatchObject({ status: 400, body: { field: "modified" } });
      expect((await server.request("POST", "/api/admin/backfill", { cookie: admin, body: { days: 7, modified: true } })).status).toBe(202);
      let report = (await server.request("GET", "/api/admin/backfill", { cookie: admin })).body.backfill;
      for (let i = 0; i < 300 && report.state === "running"; i++) {
        await Bun.sleep(10);
        report = (await server.request("GET", "/api/admin/backfill", { cookie: admin })).body.backfill;
      }
      expect(report).toMatchObject({ state: "succeeded", ordersCreated: 1 });
      expect(v2.requests[0]!.searchParams.get("modified_at_start")).not.toBeNull();
      expect(server.sqlite.query("SELECT status FROM orders").all()).toEqual([{ status: "cancelled" }]);
    } finally {
      await server.dispose();
      v2.stop();
    }
  });
});
