import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import { Database } from "bun:sqlite";
import { builtCrm } from "../../testing/built-crm.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { pacificNow, startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET, standInOrder } from "../../testing/shipstation-stand-in.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY, standInShipment } from "../../testing/shipstation-v2-stand-in.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";

setDefaultTimeout(CLI_TEST_TIMEOUT_MS);

describe("crm backfill", () => {
  let dir: TemporaryDirectory;
  let standIn: ReturnType<typeof startShipStationStandIn>;
  beforeEach(() => {
    dir = temporaryDirectory("crm-backfill-");
  });
  afterEach(() => {
    standIn?.stop();
    dir.dispose();
  });

  const env = () => ({ SHIPSTATION_API_URL: standIn.url, SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET });
  const orders = (count: number) => Array.from({ length: count }, (_, i) => standInOrder(i + 1, { orderDate: pacificNow(-(i + 1)) }));
  const backfill = (...args: string[]) => runCrm(["backfill", ...args, "--data-dir", path.join(dir.path, "data")], { env: env() });
  const query = (sql: string) => {
    const db = new Database(path.join(dir.path, "data", "crm.db"), { readonly: true });
    try {
      return db.query(sql).get();
    } finally {
      db.close();
    }
  };

  test("pulls the orders against the stand-in and prints a JSON summary", async () => {
    standIn = startShipStationStandIn();
    standIn.addOrders(orders(40));
    const run = await backfill("--days", "3", "--json");
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ days: 3, state: "succeeded", pages: 1, ordersCreated: 40, error: null });
    expect(run.stderr).toBe("");
    expect(query("SELECT count(*) AS n FROM orders")).toEqual({ n: 40 });
  });

  test("with only a V2 API key it backfills from V2; --modified picks up an older order cancelled since", async () => {
    const v2 = startShipStationV2StandIn();
    try {
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      v2.addShipments([standInShipment(1, { created_at: daysAgo(1) }), standInShipment(2, { created_at: daysAgo(60), modified_at: daysAgo(1), shipment_status: "cancelled" })]);
      const v2Env = { SHIPSTATION_V2_API_URL: v2.url, SHIPSTATION_V2_API_KEY: STAND_IN_V2_API_KEY };
      const byPlacing = await runCrm(["backfill", "--days", "30", "--json", "--data-dir", path.join(dir.path, "data")], { env: v2Env });
      expect(byPlacing.exitCode).toBe(0);
      expect(JSON.parse(byPlacing.stdout)).toMatchObject({ state: "succeeded", ordersCreated: 1 });
      const byModifying = await runCrm(["backfill", "--days", "30", "--modified", "--json", "--data-dir", path.join(dir.path, "data")], { env: v2Env });
      expect(JSON.parse(byModifying.stdout)).toMatchObject({ state: "succeeded", ordersCreated: 1 });
      expect(query("SELECT status FROM orders WHERE order_number = 'SS-2'")).toEqual({ status: "cancelled" });
      expect(v2.requests.at(-1)!.searchParams.get("sort_by")).toBe("modified_at");
    } finally {
      v2.stop();
    }
  });

  test("a second backfill while one runs exits 1 with a clear message; bad --days exits 2", async () => {
    standIn = startShipStationStandIn();
    await runCrm(["migrate", "--data-dir", path.join(dir.path, "data")]);
    const db = new Database(path.join(dir.path, "data", "crm.db"));
    db.run("INSERT INTO backfill_runs (days, state, trigger, started_at, heartbeat_at) VALUES (30, 'running', 'cli', ?, ?)", [Date.now(), Date.now()]);
    db.close();
    const second = await backfill("--days", "5");
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toStartWith("crm: A backfill is already running");
    expect((await backfill("--days", "120")).exitCode).toBe(2);
  });

  test("SIGTERM stops cleanly: written pages stay, the run is interrupted, exit 1", async () => {
    standIn = startShipStationStandIn({ rateLimit: 1, rateWindowSeconds: 60 });
    standIn.addOrders(orders(600));
    const child = Bun.spawn([builtCrm(), "backfill", "--days", "30", "--data-dir", path.join(dir.path, "data")], {
      env: { ...process.env, ...env() },
      stdout: "pipe",
      stderr: "pipe",
    });
    // The first page is written, then the client waits a minute for the rate limit to reset.
    for (let i = 0; i < 300; i++) {
      await Bun.sleep(20);
      try {
        if ((query("SELECT pages FROM backfill_runs") as { pages: number } | null)?.pages === 1) break;
      } catch {
        // The database may not exist yet.
      }
    }
    child.kill("SIGTERM");
    expect(await child.exited).toBe(1);
    expect(await new Response(child.stderr).text()).toContain("interrupted");
    expect(query("SELECT state, pages, orders_created FROM backfill_runs")).toEqual({ state: "interrupted", pages: 1, orders_created: 500 });
  }, 30_000);
});
