import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET } from "../../testing/shipstation-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { checkShipStationConnection } from "./connection-check.ts";
import { chooseShipStationGeneration, describeShipStation } from "./shipstation-settings.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY } from "../../testing/shipstation-v2-stand-in.ts";
import { SYSTEM } from "../changes/actor.ts";

describe("Test Connection says what failed and what to check", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let standIn: ReturnType<typeof startShipStationStandIn> | undefined;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => {
    database.dispose();
    standIn?.stop();
    standIn = undefined;
  });

  const credentials = { SHIPSTATION_API_KEY: STAND_IN_API_KEY, SHIPSTATION_API_SECRET: STAND_IN_API_SECRET };
  function useStandIn(options: Parameters<typeof startShipStationStandIn>[0] = {}) {
    standIn = startShipStationStandIn(options);
    return { ...credentials, SHIPSTATION_API_URL: standIn.url };
  }

  test("the right credentials connect, and the status badge remembers it", async () => {
    const env = useStandIn();
    expect(await checkShipStationConnection(database.db, env)).toMatchObject({ state: "connected", generation: "v1", message: expect.stringContaining("V1 API answered") });
    expect(describeShipStation(database.db, env).status.state).toBe("connected");
  });

  test("a host whose address cannot be looked up: cannot reach ShipStation, check the internet access, DNS and proxy", async () => {
    const env = { ...credentials, SHIPSTATION_API_URL: "http://ssapi.shipstation.invalid" };
    const status = await checkShipStationConnection(database.db, env);
    expect(status).toMatchObject({
      state: "error",
      message:
        "Cannot reach ShipStation at ssapi.shipstation.invalid: the server could not look up its address (DNS). Check the server's internet access, DNS and proxy settings.",
    });
    expect(status.message).not.toContain("getaddrinfo");
    expect(describeShipStation(database.db, env).status).toMatchObject({ state: "error", message: status.message });
  });

  test("a port nobody listens on, and a host that never answers, cannot be reached either", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const closedUrl = closed.url.href.replace(/\/$/, "");
    await closed.stop(true);
    expect((await checkShipStationConnection(database.db, { ...credentials, SHIPSTATION_API_URL: closedUrl })).message).toBe(
      `Cannot reach ShipStation at ${new URL(closedUrl).host}: the connection was refused. Check the server's internet access, DNS and proxy settings.`,
    );

    const silent = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Promise<Response>(() => {}) });
    try {
      const status = await checkShipStationConnection(database.db, { ...credentials, SHIPSTATION_API_URL: silent.url.href.replace(/\/$/, "") }, { timeoutMs: 1000 });
      expect(status.message).toBe(`Cannot reach ShipStation at ${silent.url.host}: no answer within 1 second. Check the server's internet access, DNS and proxy settings.`);
    } finally {
      await silent.stop(true);
    }
  });

  test("a wrong secret: check the API key and secret", async () => {
    const env = { ...useStandIn(), SHIPSTATION_API_SECRET: "wrong-secret" };
    expect((await checkShipStationConnection(database.db, env)).message).toBe(
      "ShipStation refused the API key and secret (401). Check both in ShipStation under Settings → API Settings, then save them here again.",
    );
  });

  test("rate limited: says how long to wait, at once rather than after waiting it out", async () => {
    const env = useStandIn({ rateLimit: 0, rateWindowSeconds: 30 });
    const started = Date.now();
    const { message } = await checkShipStationConnection(database.db, env);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(message).toMatch(/^ShipStation is limiting requests with this API key \(429, too many requests\)\. Wait (29|30) seconds and test again\.$/);
  });

  test("ShipStation's own error: try again later", async () => {
    const env = useStandIn();
    standIn!.failNextRequests(1, 503);
    expect((await checkShipStationConnection(database.db, env)).message).toBe("ShipStation had an error of its own (503). The settings here are not at fault; try again later.");
    expect((await checkShipStationConnection(database.db, env)).state).toBe("connected");
  });

  test("an answer ShipStation's API does not give: check the API address", async () => {
    const env = useStandIn();
    standIn!.failNextRequests(1, 302, { location: "https://elsewhere.example/" });
    expect((await checkShipStationConnection(database.db, env)).message).toBe(`ShipStation answered 302, which its API does not answer here. Check that ${standIn!.url} is ShipStation's API address.`);
  });
});

describe("Test Connection with ShipStation's API V2", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let v2: ReturnType<typeof startShipStationV2StandIn> | undefined;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => {
    database.dispose();
    v2?.stop();
    v2 = undefined;
  });

  test("says V2 answered and what its key may do, or what is missing, or that it is rate limited for Retry-After's seconds", async () => {
    v2 = startShipStationV2StandIn({ rateLimit: 1, rateWindowSeconds: 60 });
    const env = { SHIPSTATION_V2_API_URL: v2.url, SHIPSTATION_V2_API_KEY: STAND_IN_V2_API_KEY };
    expect(await checkShipStationConnection(database.db, env)).toMatchObject({ state: "connected", generation: "v2", message: expect.stringContaining("may read shipments") });
    expect(v2.requests[0]!.searchParams.get("page_size")).toBe("1");
    const limited = await checkShipStationConnection(database.db, env);
    expect(limited).toMatchObject({ state: "error", generation: "v2" });
    expect(limited.message).toMatch(/^ShipStation is limiting requests with this API key \(429, too many requests\)\. Wait \d+ seconds? and test again\.$/);
    chooseShipStationGeneration(database.db, "v2", SYSTEM);
    expect(await checkShipStationConnection(database.db, {})).toMatchObject({ state: "error", generation: "v2", message: "Set the V2 API key first" });
  });
});
