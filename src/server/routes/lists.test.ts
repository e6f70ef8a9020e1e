import { describe, expect, test } from "bun:test";
import { seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("lists", () => {
  const crm = useTestServer({ signInAs: "sales" });

  const lists = async (query = "") => (await crm.server.request("GET", `/api/lists${query}`, { cookie: crm.cookie })).body as ({ key: string; count: number } & Record<string, unknown>)[];
  const byKey = async (query = "") => Object.fromEntries((await lists(query)).map((list) => [list.key, list]));

  test("built-in lists come first with their figures; the first-order filter narrows count, value and last order", async () => {
    const early = seedCustomer(crm.server.db, { email: "a@early.com", orders: [{ number: "1", placedAt: "2025-03-01T12:00:00Z", total: 100 }, { number: "2", placedAt: "2026-06-01T12:00:00Z", total: 50 }] });
    seedCustomer(crm.server.db, { email: "b@late.com", orders: [{ number: "3", placedAt: "2026-02-10T12:00:00Z", total: 20 }] });
    await crm.server.request("PATCH", `/api/accounts/${early}/list-type`, { cookie: crm.cookie, body: { listType: "active" } });

    const all = await lists();
    expect(all.map((list) => list.key)).toEqual(["new", "active", "legacy"]);
    expect(all[0]).toEqual({ key: "new", name: "New", description: expect.any(String), builtIn: true, count: 1, totalCount: 1, totalOrderValue: 20, lastOrderDate: "2026-02-10T12:00:00.000Z" });
    expect(all[1]).toMatchObject({ key: "active", count: 1, totalOrderValue: 150, lastOrderDate: "2026-06-01T12:00:00.000Z" });

    const filtered = await byKey("?from=2026-01-01&to=2026-12-31");
    expect(filtered.new).toMatchObject({ count: 1, totalCount: 1 });
    expect(filtered.active).toMatchObject({ count: 0, totalCount: 1, totalOrderValue: 0, lastOrderDate: null });
    // Calendar days in New York: an order at 01:00 UTC on March 2nd was still March 1st there.
    seedCustomer(crm.server.db, { email: "c@edge.com", orders: [{ number: "4", placedAt: "2026-03-02T01:00:00Z", total: 7 }] });
    expect((await byKey("?from=2026-03-01&to=2026-03-01")).new!.count).toBe(1);
    expect((await byKey("?from=2026-03-02")).new!.count).toBe(0);
    expect((await crm.server.request("GET", "/api/lists?from=yesterday", { cookie: crm.cookie })).status).toBe(400);
  });

  test("custom lists: create, refuse blank and taken names, rename, use, delete moving accounts to New", async () => {
    const created = await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: " VIP Clinics ", description: "Top buyers" } });
    expect(created).toMatchObject({ status: 201, body: { key: "vip-clinics", name: "VIP Clinics", description: "Top buyers", builtIn: false } });
    expect(await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "  " } })).toMatchObject({ status: 400, body: { message: "name is required" } });
    expect(await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "vip clinics" } })).toMatchObject({ status: 409, body: { message: "A list named vip clinics already exists" } });

    const id = seedCustomer(crm.server.db, { email: "a@vip.com", orders: [{ number: "1", placedAt: "2026-01-01", total: 10 }] });
    expect((await crm.server.request("PATCH", `/api/accounts/${id}/list-type`, { cookie: crm.cookie, body: { listType: "vip-clinics" } })).body.listType).toBe("vip-clinics");
    expect((await crm.server.request("GET", "/api/accounts?listType=vip-clinics", { cookie: crm.cookie })).headers.get("x-total-count")).toBe("1");
    expect((await crm.server.request("GET", "/api/accounts?listType=nope", { cookie: crm.cookie })).status).toBe(400);

    const renamed = await crm.server.request("PATCH", "/api/lists/vip-clinics", { cookie: crm.cookie, body: { name: "Key Accounts" } });
    expect(renamed.body).toMatchObject({ key: "vip-clinics", name: "Key Accounts" });
    expect((await crm.server.request("PATCH", "/api/lists/new", { cookie: crm.cookie, body: { name: "Fresh" } })).status).toBe(409);
    expect((await crm.server.request("DELETE", "/api/lists/active", { cookie: crm.cookie })).status).toBe(409);

    expect((await crm.server.request("DELETE", "/api/lists/vip-clinics", { cookie: crm.cookie })).body).toEqual({ accountsMoved: 1 });
    expect((await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie })).body.listType).toBe("new");
    expect((await lists()).map((list) => list.key)).toEqual(["new", "active", "legacy"]);
    const timeline = (await crm.server.request("GET", `/api/accounts/${id}/activity`, { cookie: crm.cookie })).body;
    expect(timeline[0].summary).toBe("Moved from Key Accounts to New (list deleted)");
    expect((await crm.server.request("DELETE", "/api/lists/vip-clinics", { cookie: crm.cookie })).status).toBe(404);
  });

  test("bulk assignment matches account and contact e-mails, counts only real changes and lists the rest", async () => {
    const alpha = seedCustomer(crm.server.db, { email: "alpha@clinic.com", orders: [{ number: "1", placedAt: "2026-01-01", total: 1 }] });
    const beta = seedCustomer(crm.server.db, { email: "beta@lab.com", orders: [{ number: "2", placedAt: "2026-01-01", total: 1 }] });
    await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: beta, firstName: "Kim", lastName: "Park", email: "Kim.Park@Lab.com" } });
    const gamma = seedCustomer(crm.server.db, { email: "gamma@already.com", orders: [{ number: "3", placedAt: "2026-01-01", total: 1 }] });
    await crm.server.request("PATCH", `/api/accounts/${gamma}/list-type`, { cookie: crm.cookie, body: { listType: "legacy" } });

    const response = await crm.server.request("POST", "/api/accounts/bulk-assign-list", {
      cookie: crm.cookie,
      body: { emails: ["ALPHA@clinic.com", "kim.park@lab.com", "gamma@already.com", "nobody@nowhere.com", "alpha@clinic.com"], listType: "legacy" },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual({ totalEmails: 4, accountsFound: 3, accountsUpdated: 2, notFoundEmails: ["nobody@nowhere.com"] });
    expect(response.body.message).toBe("Moved 2 of 3 matched accounts to Legacy");
    for (const id of [alpha, beta, gamma]) expect((await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie })).body.listType).toBe("legacy");
    const alphaTimeline = (await crm.server.request("GET", `/api/accounts/${alpha}/activity`, { cookie: crm.cookie })).body;
    expect(alphaTimeline[0]).toMatchObject({ kind: "list_changed", summary: "Moved from New to Legacy (bulk assignment)", actorName: "Test sales" });
    const gammaTimeline = (await crm.server.request("GET", `/api/accounts/${gamma}/activity`, { cookie: crm.cookie })).body;
    expect(gammaTimeline.filter((entry: { summary: string }) => entry.summary.includes("bulk"))).toEqual([]);
  });

  test("bulk assignment refuses an unknown list, no valid e-mails and more than 50,000 e-mails, changing nothing", async () => {
    const id = seedCustomer(crm.server.db, { email: "alpha@clinic.com", orders: [{ number: "1", placedAt: "2026-01-01", total: 1 }] });
    const post = (body: object) => crm.server.request("POST", "/api/accounts/bulk-assign-list", { cookie: crm.cookie, body });
    expect((await post({ emails: ["alpha@clinic.com"], listType: "gold" })).body.message).toStartWith("listType must be one of");
    expect((await post({ emails: ["not an email"], listType: "active" })).body.message).toBe("emails must contain at least one valid e-mail address");
    const tooMany = Array.from({ length: 50_001 }, (_, i) => `buyer${i}@example.com`);
    expect(await post({ emails: tooMany, listType: "active" })).toMatchObject({ status: 400, body: { message: "emails may list at most 50,000 addresses per call" } });
    expect((await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie })).body.listType).toBe("new");
  });

  test("without a session every lists route answers 401", async () => {
    for (const [method, path] of [["GET", "/api/lists"], ["POST", "/api/lists"], ["PATCH", "/api/lists/x"], ["DELETE", "/api/lists/x"], ["POST", "/api/accounts/bulk-assign-list"]] as const) {
      expect((await crm.server.request(method, path, method === "GET" ? {} : { body: {} })).status).toBe(401);
    }
  });
});
