import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { seedCustomer } from "../../testing/seed.ts";
import { testServer } from "../../testing/test-server.ts";

describe("GET /api/search", () => {
  let server: ReturnType<typeof testServer>;
  let cookie: string;
  beforeEach(async () => {
    server = testServer();
    cookie = (await server.signInAs("sales")).cookie;
    seedCustomer(server.db, { email: "orders@riverside.org", company: "Riverside Recovery", contactName: "Dana Whitfield", orders: [{ number: "SO-778899", placedAt: "2026-01-02", total: 5 }] });
    seedCustomer(server.db, { email: "buyer@summit-health.com", company: "Summit Health", orders: [{ number: "SO-100001", placedAt: "2026-01-02", total: 5 }] });
    await server.request("POST", "/api/accounts", { cookie, body: { name: "Clearwater Lab of Summit County", email: "lab@clearwater.net" } });
  });
  afterEach(() => server.dispose());

  const search = async (q: string) => (await server.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie })).body.accounts;
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
    await server.request("POST", "/api/contacts", { cookie, body: { accountId: account.id, firstName: "Priya", lastName: "Nandakumar", email: "priya@summit-health.com" } });
    expect(await names("nandaku")).toEqual(["Summit Health"]);
    await server.request("PATCH", `/api/accounts/${account.id}`, { cookie, body: { name: "Peak Wellness" } });
    expect(await names("peak well")).toEqual(["Peak Wellness"]);
    expect(await names("summit health")).toEqual([]);
  });

  test("text that looks like query syntax is searched as text", async () => {
    for (const q of ['"quoted', "a OR b", "NEAR(x y)", "100%", "c*t"]) {
      const response = await server.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie });
      expect(response.status).toBe(200);
    }
  });
});
