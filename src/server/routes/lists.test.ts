import { describe, expect, test } from "bun:test";
import { LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH } from "../../contracts/lists.ts";
import { addDays, businessToday } from "../../core/time/business-calendar.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("lists", () => {
  const crm = useTestServer({ signInAs: "sales" });

  const lists = async (query = "") => (await crm.server.request("GET", `/api/lists${query}`, { cookie: crm.cookie })).body as ({ key: string; count: number } & Record<string, unknown>)[];
  const byKey = async (query = "") => Object.fromEntries((await lists(query)).map((list) => [list.key, list]));
  const account = (id: number) => crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie });
  const timeline = async (id: number) => (await crm.server.request("GET", `/api/accounts/${id}/activity`, { cookie: crm.cookie })).body;

  test("built-in lists come first with the activity rules' figures; the first-order filter narrows count, value and last order", async () => {
    const [hundredDaysAgo, tenDaysAgo] = [daysAgo(100), daysAgo(10)];
    seedCustomer(crm.server.db, { email: "a@steady.com", orders: [{ number: "1", placedAt: daysAgo(400), total: 100 }, { number: "2", placedAt: hundredDaysAgo, total: 50 }] });
    seedCustomer(crm.server.db, { email: "b@fresh.com", orders: [{ number: "3", placedAt: tenDaysAgo, total: 20 }] });

    const all = await lists();
    expect(all.map((list) => list.key)).toEqual(["new", "active", "legacy"]);
    expect(all[0]).toEqual({ key: "new", name: "New", description: expect.any(String), builtIn: true, count: 1, totalCount: 1, totalOrderValue: 20, lastOrderDate: tenDaysAgo.toISOString() });
    expect(all[1]).toMatchObject({ key: "active", count: 1, totalOrderValue: 150, lastOrderDate: hundredDaysAgo.toISOString() });
    expect(all[2]).toMatchObject({ key: "legacy", count: 0, totalOrderValue: 0, lastOrderDate: null });

    const filtered = await byKey(`?from=${addDays(businessToday(), -30)}&to=${businessToday()}`);
    expect(filtered.new).toMatchObject({ count: 1, totalCount: 1 });
    expect(filtered.active).toMatchObject({ count: 0, totalCount: 1, totalOrderValue: 0, lastOrderDate: null });
    // Calendar days in New York: an order at 01:00 UTC on March 2nd was still March 1st there.
    seedCustomer(crm.server.db, { email: "c@edge.com", orders: [{ number: "4", placedAt: "2026-03-02T01:00:00Z", total: 7 }] });
    expect((await byKey("?from=2026-03-01&to=2026-03-01")).legacy!.count).toBe(1);
    expect((await byKey("?from=2026-03-02&to=2026-03-31")).legacy!.count).toBe(0);
    expect((await crm.server.request("GET", "/api/lists?from=yesterday", { cookie: crm.cookie })).status).toBe(400);
  });

  test("custom lists: create, refuse blank and taken names, rename, use, delete handing accounts back to the activity rules", async () => {
    const created = await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: " VIP Clinics ", description: "Top buyers" } });
    expect(created).toMatchObject({ status: 201, body: { key: "vip-clinics", name: "VIP Clinics", description: "Top buyers", builtIn: false } });
    expect(await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "  " } })).toMatchObject({ status: 400, body: { message: "name is required" } });
    expect(await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "vip clinics" } })).toMatchObject({ status: 409, body: { message: "A list named vip clinics already exists" } });
    // The list selects' automatic choice is never a list's key.
    expect((await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "Automatic" } })).body.key).toBe("automatic-2");

    const id = seedCustomer(crm.server.db, { email: "a@vip.com", orders: [{ number: "1", placedAt: daysAgo(300), total: 10 }] });
    expect((await crm.server.request("PATCH", `/api/accounts/${id}/list-type`, { cookie: crm.cookie, body: { listType: "vip-clinics" } })).body).toMatchObject({ listType: "vip-clinics", listPinned: true });
    expect((await crm.server.request("GET", "/api/accounts?list=vip-clinics", { cookie: crm.cookie })).headers.get("x-total-count")).toBe("1");
    expect((await crm.server.request("GET", "/api/accounts?list=nope", { cookie: crm.cookie })).status).toBe(400);

    const renamed = await crm.server.request("PATCH", "/api/lists/vip-clinics", { cookie: crm.cookie, body: { name: "Key Accounts" } });
    expect(renamed.body).toMatchObject({ key: "vip-clinics", name: "Key Accounts" });
    expect((await crm.server.request("PATCH", "/api/lists/new", { cookie: crm.cookie, body: { name: "Fresh" } })).status).toBe(409);
    expect((await crm.server.request("DELETE", "/api/lists/active", { cookie: crm.cookie })).status).toBe(409);

    expect((await crm.server.request("DELETE", "/api/lists/vip-clinics", { cookie: crm.cookie })).body).toEqual({ accountsMoved: 1, recycleBinId: expect.any(Number) });
    expect((await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie })).body).toMatchObject({ listType: "legacy", listPinned: false });
    expect((await lists()).map((list) => list.key)).toEqual(["new", "active", "legacy", "automatic-2"]);
    const timeline = (await crm.server.request("GET", `/api/accounts/${id}/activity`, { cookie: crm.cookie })).body;
    expect(timeline[0]).toMatchObject({ summary: "Moved from Key Accounts to Legacy (list deleted)", actorName: "Test sales" });
    expect((await crm.server.request("DELETE", "/api/lists/vip-clinics", { cookie: crm.cookie })).status).toBe(404);
  });

  test("bulk assignment matches account and contact e-mails, pins them, counts only real changes and lists the rest", async () => {
    const alpha = seedCustomer(crm.server.db, { email: "alpha@clinic.com", orders: [{ number: "1", placedAt: daysAgo(5), total: 1 }] });
    const beta = seedCustomer(crm.server.db, { email: "beta@lab.com", orders: [{ number: "2", placedAt: daysAgo(5), total: 1 }] });
    await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: beta, firstName: "Kim", lastName: "Park", email: "Kim.Park@Lab.com" } });
    const gamma = seedCustomer(crm.server.db, { email: "gamma@already.com", orders: [{ number: "3", placedAt: daysAgo(5), total: 1 }] });
    await crm.server.request("PATCH", `/api/accounts/${gamma}/list-type`, { cookie: crm.cookie, body: { listType: "legacy" } });

    const assign = (listType: string) =>
      crm.server.request("POST", "/api/accounts/bulk-assign-list", {
        cookie: crm.cookie,
        body: { emails: ["ALPHA@clinic.com", "kim.park@lab.com", "gamma@already.com", "nobody@nowhere.com", "alpha@clinic.com"], listType },
      });
    const response = await assign("legacy");
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual({ totalEmails: 4, emailsMatched: 3, accountsFound: 3, accountsUpdated: 2, notFoundEmails: ["nobody@nowhere.com"] });
    expect(response.body.message).toBe("Moved 2 of 3 matched accounts to Legacy");
    for (const id of [alpha, beta, gamma]) expect((await account(id)).body).toMatchObject({ listType: "legacy", listPinned: true });
    expect((await timeline(alpha))[0]).toMatchObject({ kind: "list_changed", summary: "Moved from New to Legacy (bulk assignment)", actorName: "Test sales" });
    expect((await timeline(gamma)).filter((entry: { summary: string }) => entry.summary.includes("bulk"))).toEqual([]);

    const handedBack = await assign("automatic");
    expect(handedBack.body.results).toMatchObject({ accountsFound: 3, accountsUpdated: 3 });
    expect(handedBack.body.message).toBe("Handed 3 of 3 matched accounts back to the activity rules");
    for (const id of [alpha, beta, gamma]) expect((await account(id)).body).toMatchObject({ listType: "new", listPinned: false });
    expect((await timeline(alpha))[0]).toMatchObject({ summary: "List set to follow order activity (bulk assignment): moved from Legacy to New", actorName: "Test sales" });
  });

  test("bulk assignment counts e-mails and accounts apart: a merged account's two e-mails are two e-mails matched and one account found", async () => {
    const clinic = seedCustomer(crm.server.db, { email: "orders@harbor.com", orders: [{ number: "1", placedAt: daysAgo(5), total: 1 }] });
    const billing = seedCustomer(crm.server.db, { email: "billing@harbor-labs.com", orders: [{ number: "2", placedAt: daysAgo(6), total: 1 }] });
    const other = seedCustomer(crm.server.db, { email: "buyer@summit.com", orders: [{ number: "3", placedAt: daysAgo(5), total: 1 }] });
    expect((await crm.server.request("POST", "/api/accounts/merge", { cookie: crm.cookie, body: { targetId: clinic, sourceIds: [billing] } })).status).toBe(200);

    const response = await crm.server.request("POST", "/api/accounts/bulk-assign-list", {
      cookie: crm.cookie,
      body: { emails: ["orders@harbor.com", "billing@harbor-labs.com", "buyer@summit.com", "nobody@nowhere.com"], listType: "active" },
    });
    expect(response.body).toEqual({
      message: "Moved 2 of 2 matched accounts to Active",
      results: { totalEmails: 4, emailsMatched: 3, accountsFound: 2, accountsUpdated: 2, notFoundEmails: ["nobody@nowhere.com"] },
      bulkChangeId: expect.any(Number),
    });
    for (const id of [clinic, other]) expect((await account(id)).body).toMatchObject({ listType: "active", listPinned: true });
  });

  test("bulk assignment refuses an unknown list, no valid e-mails and more than 50,000 e-mails, changing nothing", async () => {
    const id = seedCustomer(crm.server.db, { email: "alpha@clinic.com", orders: [{ number: "1", placedAt: daysAgo(5), total: 1 }] });
    const post = (body: object) => crm.server.request("POST", "/api/accounts/bulk-assign-list", { cookie: crm.cookie, body });
    expect((await post({ emails: ["alpha@clinic.com"], listType: "gold" })).body.message).toBe("listType must be automatic or one of new, active, legacy");
    expect((await post({ emails: ["not an email"], listType: "active" })).body.message).toBe("emails must contain at least one valid e-mail address");
    const tooMany = Array.from({ length: 50_001 }, (_, i) => `buyer${i}@example.com`);
    expect(await post({ emails: tooMany, listType: "active" })).toMatchObject({ status: 400, body: { message: "emails may list at most 50,000 addresses per call" } });
    expect((await account(id)).body).toMatchObject({ listType: "new", listPinned: false });
  });

  test("bad query and body values answer 400 naming the parameter, and the name and description limits are the core's", async () => {
    const refused = async (method: string, url: string, body?: object) => {
      const response = await crm.server.request(method, url, { cookie: crm.cookie, body });
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      return response.body;
    };
    expect(await refused("GET", "/api/lists?from=yesterday")).toEqual({ message: "from must be a date written YYYY-MM-DD", field: "from" });
    expect(await refused("GET", "/api/lists?to=2026-1-31")).toEqual({ message: "to must be a date written YYYY-MM-DD", field: "to" });
    expect(await refused("GET", "/api/lists?from=2026-02-30")).toMatchObject({ field: "from" });
    // New York's calendar is worked out from the year 1000 on: earlier dates are refused, never a 500.
    expect(await refused("GET", "/api/lists?from=0999-12-31")).toEqual({ message: "from must be a date written YYYY-MM-DD", field: "from" });
    // The last day a date can be written for ends with time itself.
    expect((await crm.server.request("GET", "/api/lists?from=1000-01-01&to=9999-12-31", { cookie: crm.cookie })).status).toBe(200);

    expect(await refused("POST", "/api/lists", { description: "Top buyers" })).toEqual({ message: "name is required", field: "name" });
    expect(await refused("POST", "/api/lists", { name: "x".repeat(LIST_NAME_MAX_LENGTH + 1) })).toMatchObject({ field: "name" });
    expect(await refused("POST", "/api/lists", { name: "Gold", description: "x".repeat(LIST_DESCRIPTION_MAX_LENGTH + 1) })).toEqual({
      message: "description must be text of at most 500 characters, or null",
      field: "description",
    });
    expect(await refused("PATCH", "/api/lists/new", { name: 5 })).toMatchObject({ field: "name" });
    const longest = await crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "x".repeat(LIST_NAME_MAX_LENGTH), description: "y".repeat(LIST_DESCRIPTION_MAX_LENGTH) } });
    expect(longest.status).toBe(201);

    expect(await refused("POST", "/api/accounts/bulk-assign-list", { emails: "a@clinic.com", listType: "active" })).toMatchObject({ field: "emails" });
    expect(await refused("POST", "/api/accounts/bulk-assign-list", { emails: ["a@clinic.com"] })).toEqual({ message: "listType is required", field: "listType" });
  });

  test("without a session every lists route answers 401", async () => {
    for (const [method, path] of [["GET", "/api/lists"], ["POST", "/api/lists"], ["PATCH", "/api/lists/x"], ["DELETE", "/api/lists/x"], ["POST", "/api/accounts/bulk-assign-list"]] as const) {
      expect((await crm.server.request(method, path, method === "GET" ? {} : { body: {} })).status).toBe(401);
    }
  });
});
