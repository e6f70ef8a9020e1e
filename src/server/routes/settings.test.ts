import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startShipStationStandIn, STAND_IN_API_KEY, STAND_IN_API_SECRET } from "../../testing/shipstation-stand-in.ts";
import { testServer } from "../../testing/test-server.ts";
import { startShipStationV2StandIn, STAND_IN_V2_API_KEY } from "../../testing/shipstation-v2-stand-in.ts";

describe("/api/settings", () => {
  let standIn: ReturnType<typeof startShipStationStandIn>;
  let server: ReturnType<typeof testServer>;
  let admin: string;
  let sales: string;
  beforeEach(async () => {
    standIn = startShipStationStandIn();
    server = testServer({ SHIPSTATION_API_URL: standIn.url });
    admin = (await server.signInAs("admin")).cookie;
    sales = (await server.signInAs("sales")).cookie;
  });
  afterEach(async () => {
    await server.dispose();
    standIn.stop();
  });

  const settings = async (cookie = admin) => (await server.request("GET", "/api/settings", { cookie })).body.shipstation;
  const patch = (body: object, cookie = admin) => server.request("PATCH", "/api/settings", { cookie, body });

  test("says what is configured, never the secrets: their last 4 characters to administrators only", async () => {
    expect(await settings(sales)).toMatchObject({
      apiUrl: standIn.url,
      webhookPath: "/api/webhooks/shipstation",
      apiKey: { configured: false, source: null, hint: null },
      status: { state: "not_configured" },
    });
    expect((await patch({ apiKey: "  live-key-abcd1234  " })).status).toBe(200);
    expect((await settings(admin)).apiKey).toEqual({ configured: true, source: "database", hint: "…1234" });
    const after = await settings(sales);
    expect(after.apiKey).toEqual({ configured: true, source: "database", hint: null });
    expect(JSON.stringify(after)).not.toContain("1234");
  });

  test("only admins change settings, one at a time, and absurd values answer 400", async () => {
    expect((await patch({ webhookSecret: "sales-cannot-set" }, sales)).status).toBe(403);
    expect((await patch({})).body.message).toBe("Send exactly one of apiKey, apiSecret, webhookSecret, v2ApiKey, generation");
    expect((await patch({ apiKey: "abcdefgh", apiSecret: "abcdefgh" })).status).toBe(400);
    expect((await patch({ apiSecret: "   " })).body.message).toBe("apiSecret is required");
    expect((await patch({ apiSecret: "short" })).body.message).toBe("apiSecret must be 8 to 200 characters, without spaces or control characters");
    expect((await patch({ webhookSecret: "has space inside" })).body.message).toBe("webhookSecret must be 8 to 200 characters, without spaces or control characters");
    expect(await patch({ apiKey: "k".repeat(201) })).toMatchObject({ status: 400, body: { message: "apiKey must be 8 to 200 characters, without spaces or control characters", field: "apiKey" } });
    expect((await settings()).webhookSecret.configured).toBe(false);
  });

  test("the environment wins over stored values", async () => {
    const withEnv = testServer({ SHIPSTATION_API_URL: standIn.url, SHIPSTATION_WEBHOOK_SECRET: "from-the-environment-9876" });
    try {
      const cookie = (await withEnv.signInAs("admin")).cookie;
      await withEnv.request("PATCH", "/api/settings", { cookie, body: { webhookSecret: "stored-value-1111" } });
      const body = (await withEnv.request("GET", "/api/settings", { cookie })).body.shipstation;
      expect(body.webhookSecret).toEqual({ configured: true, source: "environment", hint: "…9876" });
    } finally {
      await withEnv.dispose();
    }
  });

  test("Test Connection calls ShipStation and the status tells the truth", async () => {
    await patch({ apiKey: STAND_IN_API_KEY });
    await patch({ apiSecret: "wrong-secret-value" });
    const failed = await server.request("POST", "/api/settings/shipstation/test", { cookie: admin });
    expect(failed.body.shipstation.status).toMatchObject({
      state: "error",
      message: "ShipStation refused the API key and secret (401). Check both in ShipStation under Settings → API Settings, then save them here again.",
    });
    await patch({ apiSecret: STAND_IN_API_SECRET });
    expect((await settings()).status.state).toBe("unchecked");
    // It calls ShipStation with the credentials and resets what everyone sees: administrators only.
    expect(await server.request("POST", "/api/settings/shipstation/test", { cookie: sales })).toMatchObject({ status: 403, body: { message: "Only administrators can do this" } });
    expect((await settings()).status.state).toBe("unchecked");
    const connected = await server.request("POST", "/api/settings/shipstation/test", { cookie: admin });
    expect(connected.body.shipstation.status).toMatchObject({ state: "connected", generation: "v1", message: expect.stringContaining("V1 API answered") });
  });

  test("task automation values outside the contract answer 400 naming the field", async () => {
    const valid = { welcome: { enabled: true, dueInDays: 2, assignTo: "round_robin" }, newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" } };
    const put = (body: object) => server.request("PUT", "/api/settings/task-automation", { cookie: admin, body });
    expect(await put({ ...valid, newContact: { ...valid.newContact, assignTo: "nobody" } })).toMatchObject({
      status: 400,
      body: { message: "newContact.assignTo must be one of account_owner, round_robin", field: "newContact.assignTo" },
    });
    expect(await put({ ...valid, welcome: { ...valid.welcome, assignTo: "me" } })).toMatchObject({
      status: 400,
      body: { message: "welcome.assignTo must be round_robin or an active user's id", field: "welcome.assignTo" },
    });
    expect(await put({ ...valid, newContact: { ...valid.newContact, dueInDays: 366 } })).toMatchObject({
      status: 400,
      body: { message: "newContact.dueInDays must be a whole number of days from 1 to 365", field: "newContact.dueInDays" },
    });
    expect((await put(valid)).status).toBe(200);
  });

  test("without a session the settings answer 401", async () => {
    expect((await server.request("GET", "/api/settings")).status).toBe(401);
    expect((await server.request("PATCH", "/api/settings", { body: { apiKey: "abcdefghij" } })).status).toBe(401);
  });
});

describe("/api/settings with ShipStation's API V2", () => {
  let v2: ReturnType<typeof startShipStationV2StandIn>;
  let server: ReturnType<typeof testServer>;
  let admin: string;
  let sales: string;
  beforeEach(async () => {
    v2 = startShipStationV2StandIn();
    server = testServer({ SHIPSTATION_V2_API_URL: v2.url, SHIPSTATION_V2_JWKS_URL: v2.jwksUrl });
    admin = (await server.signInAs("admin")).cookie;
    sales = (await server.signInAs("sales")).cookie;
  });
  afterEach(async () => {
    await server.dispose();
    v2.stop();
  });

  const settings = async (cookie = admin) => (await server.request("GET", "/api/settings", { cookie })).body.shipstation;
  const patch = (body: object, cookie = admin) => server.request("PATCH", "/api/settings", { cookie, body });

  test("with nothing set V2 is offered; with only a V2 key V2 is in use, its webhook is shown beside V1's, and its key's end is told to administrators only", async () => {
    expect(await settings()).toMatchObject({ generation: "v2", v2ApiUrl: v2.url, v2WebhookPath: "/api/webhooks/shipstation-v2", webhookPath: "/api/webhooks/shipstation", v2ApiKey: { configured: false } });
    expect((await patch({ v2ApiKey: STAND_IN_V2_API_KEY })).status).toBe(200);
    expect(await settings()).toMatchObject({ generation: "v2", v2ApiKey: { configured: true, source: "database", hint: "…-key" }, status: { state: "unchecked" } });
    const forSales = await settings(sales);
    expect(forSales.v2ApiKey).toEqual({ configured: true, source: "database", hint: null });
    expect(JSON.stringify(forSales)).not.toContain("-key");
    expect(JSON.stringify(await settings())).not.toContain(STAND_IN_V2_API_KEY);
  });

  test("Test Connection says which generation answered and what the key may do, or that V2 refused it", async () => {
    await patch({ v2ApiKey: STAND_IN_V2_API_KEY });
    const connected = await server.request("POST", "/api/settings/shipstation/test", { cookie: admin });
    expect(connected.body.shipstation.status).toMatchObject({ state: "connected", generation: "v2", message: expect.stringContaining("V2 API answered: the API key may read shipments") });
    await patch({ v2ApiKey: "a-wrong-v2-key" });
    const refused = await server.request("POST", "/api/settings/shipstation/test", { cookie: admin });
    expect(refused.body.shipstation.status).toMatchObject({ state: "error", generation: "v2", message: expect.stringContaining("V2 API refused the API key (401)") });
  });

  test("administrators choose the generation, which the audit records; sales may not, and nonsense answers 400", async () => {
    await patch({ v2ApiKey: STAND_IN_V2_API_KEY });
    expect((await patch({ generation: "v1" })).body.shipstation).toMatchObject({ generation: "v1", status: { state: "not_configured" } });
    expect((await patch({ generation: "v2" }, sales)).status).toBe(403);
    expect((await patch({ generation: "v3" })).status).toBe(400);
    expect((await patch({ generation: "v2", v2ApiKey: STAND_IN_V2_API_KEY })).status).toBe(400);
    expect((await patch({ generation: "v2" })).body.shipstation.generation).toBe("v2");
    const audited = server.sqlite.query("SELECT changes FROM audit_log WHERE changes LIKE '%shipstation.generation%' ORDER BY id").all() as { changes: string }[];
    expect(audited.length).toBe(2);
  });
});
