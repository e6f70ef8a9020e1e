import { beforeEach, describe, expect, test } from "bun:test";
import { seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("GET /api/search", () => {
  const crm = useTestServer({ signInAs: "sales" });
  beforeEach(async () => {
    seedCustomer(crm.server.db, { email: "orders@riverside.org", company: "Riverside Recovery", contactName: "Dana Whitfield", orders: [{ number: "SO-778899", placedAt: "2026-01-02", total: 5 }] });
    seedCustomer(crm.server.db, { email: "buyer@summit-health.com", company: "Summit Health", orders: [{ number: "SO-100001", placedAt: "2026-01-02", total: 5 }] });
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Clearwater Lab of Summit County", email: "lab@clearwater.net" } });
  });

  const search = async (q: string) => (await crm.server.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie: crm.cookie })).body.accounts;
  const names = async (q: string) => (await search(q)).map((account: { name: string }) => account.name);

  test("fewer than 3 characters answers no accounts", async () => {
    expect(await search("Ri")).toEqual([]);
    expect(await search("   ")).toEqual([]);
  });

  test("matches name, domain, e-mail, contact names and order numbers, with the answer's shape", async () => {
    expect(await search("riverside")).toEqual([{ id: expect.any(Number), name: "Riverside Recovery", domain: "riverside.org", orderCount: 1 }]);
    expect(await names("whitf")).toEqual(["Riverside Recovery"]);
    expect(await names("clearwater.net")).toEqual(["Clearwater Lab of Summit County"]);
    expect(await names("so-7788")).toEqual(["Riverside Recovery"]);
    expect(await names("SO-1000")).toEqual(["Summit Health"]);
    expect(await names("nothing like this")).toEqual([]);
  });

  test("prefix matches come before inner matches", async () => {
    expect(await names("summit")).toEqual(["Summit Health", "Clearwater Lab of Summit County"]);
  });

  test("contacts and renames are found as soon as they change", async () => {
    const [account] = await search("summit health");
    await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: account.id, firstName: "Priya", lastName: "Nandakumar", email: "priya@summit-health.com" } });
    expect(await names("nandaku")).toEqual(["Summit Health"]);
    await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { name: "Peak Wellness" } });
    expect(await names("peak well")).toEqual(["Peak Wellness"]);
    expect(await names("summit health")).toEqual([]);
  });

  test("text over 200 characters answers 400 naming q", async () => {
    const response = await crm.server.request("GET", `/api/search?q=${"x".repeat(201)}`, { cookie: crm.cookie });
    expect(response).toMatchObject({ status: 400, body: { message: "q must be text of at most 200 characters", field: "q" } });
  });

  test("text that looks like query syntax is searched as text", async () => {
    for (const q of ['"quoted', "a OR b", "NEAR(x y)", "100%", "c*t"]) {
      const response = await crm.server.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie: crm.cookie });
      expect(response.status).toBe(200);
    }
  });
});
