import { beforeEach, describe, expect, test } from "bun:test";
import { refreshSearchIndex } from "../../core/accounts/search-index.ts";
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
    expect(await search("riverside")).toEqual([
      { id: expect.any(Number), name: "Riverside Recovery", domain: "riverside.org", orderCount: 1, matchedOn: "name", matchedText: "Riverside Recovery" },
    ]);
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
    expect(response).toMatchObject({ status: 400, body: { message: "q must be text of at most 200 characters, without NUL characters", field: "q" } });
  });

  test("text with a NUL character, which the full-text index cannot look for, answers 400 naming q in every search", async () => {
    for (const path of ["/api/search", "/api/accounts", "/api/accounts/export.csv"]) {
      const response = await crm.server.request("GET", `${path}?q=ab%00cd`, { cookie: crm.cookie });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { message: "q must be text of at most 200 characters, without NUL characters", field: "q" },
      });
    }
  });

  test("text that looks like query syntax is searched as text", async () => {
    for (const q of ['"quoted', "a OR b", "NEAR(x y)", "100%", "c*t"]) {
      const response = await crm.server.request("GET", `/api/search?q=${encodeURIComponent(q)}`, { cookie: crm.cookie });
      expect(response.status).toBe(200);
    }
  });

  describe("phones, matched on their digits", () => {
    const PHONE_FORMATS = ["813-555-0106", "8135550106", "(813) 555-0106", "+1 813 555 0106", "555-0106", "5550106"];
    let tampaBay: number;
    let bayside: number;
    beforeEach(async () => {
      tampaBay = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Tampa Bay Recovery", phone: "(813) 555-0106" } })).body.id;
      bayside = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Bayside Clinic", phone: "727.555.0100" } })).body.id;
      await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: bayside, firstName: "Tina", lastName: "Desk", email: "tina@bayside.com", phone: "+1 727-555-0142" } });
      // Unrelated numbers: the same digits in another order or area, one digit apart.
      await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Gulf Coast Labs", phone: "813-556-0106" } });
      await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Harbor Testing", phone: "(212) 555-0160" } });
      await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Pinellas Screening", phone: "8135550107" } });
    });

    /** Searched both ways: while the accounts are still queued for the index (scanned), and once indexed. */
    async function bothWays(check: () => Promise<void>) {
      await check();
      refreshSearchIndex(crm.server.db.$client);
      await check();
    }

    test("however the number is typed, or a part of it, the account is found, and no unrelated number", async () => {
      await bothWays(async () => {
        for (const q of PHONE_FORMATS) {
          expect({ q, found: await search(q) }).toEqual({ q, found: [expect.objectContaining({ id: tampaBay, matchedOn: "phone", matchedText: "+18135550106" })] });
        }
      });
    });

    test("a contact's phone finds its account, however typed", async () => {
      await bothWays(async () => {
        for (const q of ["727-555-0142", "7275550142", "(727) 555-0142", "+1 727 555 0142", "555-0142", "5550142"]) {
          expect({ q, found: await search(q) }).toEqual({ q, found: [expect.objectContaining({ id: bayside, matchedOn: "phone", matchedText: "+17275550142" })] });
        }
      });
    });

    test("a number changed is found by its new digits only", async () => {
      await crm.server.request("PATCH", `/api/accounts/${tampaBay}`, { cookie: crm.cookie, body: { phone: "813 555 0199" } });
      await bothWays(async () => {
        expect(await names("(813) 555-0199")).toEqual(["Tampa Bay Recovery"]);
        expect(await names("813-555-0106")).toEqual([]);
      });
    });
  });

  test("each result says what it matched on, with the value that matched", async () => {
    const clinic = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Lab 2024 Partners", email: "front@labpartners.com", phone: "(813) 555-0106" } })).body.id;
    await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: clinic, firstName: "Tina", lastName: "Desk", email: "tina@deskmail.com" } });
    seedCustomer(crm.server.db, { email: "orders@gulfcoast.org", company: "Gulf Coast", orders: [{ number: "ZZ-9", placedAt: "2026-01-02", total: 5 }, { number: "100234", placedAt: "2026-01-03", total: 5 }] });
    const matchOf = async (q: string) => (await search(q)).map(({ name, matchedOn, matchedText }: Record<string, string>) => ({ name, matchedOn, matchedText }));

    expect(await matchOf("lab 2024")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "name", matchedText: "Lab 2024 Partners" }]);
    expect(await matchOf("labpartners.c")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "domain", matchedText: "labpartners.com" }]);
    expect(await matchOf("front@")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "email", matchedText: "front@labpartners.com" }]);
    expect(await matchOf("tina desk")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "contact", matchedText: "Tina Desk" }]);
    expect(await matchOf("deskmail")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "email", matchedText: "tina@deskmail.com" }]);
    expect(await matchOf("555-0106")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "phone", matchedText: "+18135550106" }]);
    expect(await matchOf("zz-9")).toEqual([{ name: "Gulf Coast", matchedOn: "order", matchedText: "ZZ-9" }]);
    expect(await matchOf("SO-7788")).toEqual([{ name: "Riverside Recovery", matchedOn: "order", matchedText: "SO-778899" }]);
    // Digits that could be a phone still find an order number that starts with them.
    expect(await matchOf("1002")).toEqual([{ name: "Gulf Coast", matchedOn: "order", matchedText: "100234" }]);
    expect(await matchOf("2024")).toEqual([{ name: "Lab 2024 Partners", matchedOn: "name", matchedText: "Lab 2024 Partners" }]);
  });

  test("answers how many accounts match in all, for 'See all N results'", async () => {
    for (let i = 1; i <= 12; i++) await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: `Foothills Wellness ${i}` } });
    const { body } = await crm.server.request("GET", "/api/search?q=foothills", { cookie: crm.cookie });
    expect(body).toMatchObject({ total: 12, totalCapped: false });
    expect(body.accounts).toHaveLength(10);
    expect((await crm.server.request("GET", "/api/search?q=summit", { cookie: crm.cookie })).body).toMatchObject({ total: 2, totalCapped: false });
    expect((await crm.server.request("GET", "/api/search?q=ri", { cookie: crm.cookie })).body).toEqual({ accounts: [], total: 0, totalCapped: false });
  });

  test("each signed-in user finds their own accounts first among equal matches", async () => {
    const ann = await crm.server.signInAs("sales");
    const bob = await crm.server.signInAs("sales");
    const add = async (name: string) => (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name } })).body.id;
    crm.server.db.$client.run("UPDATE accounts SET owner_user_id = ? WHERE id = ?", [ann.user.id, await add("Foothills Recovery A")]);
    crm.server.db.$client.run("UPDATE accounts SET owner_user_id = ? WHERE id = ?", [bob.user.id, await add("Foothills Recovery B")]);
    const namesFor = async (cookie: string) => (await crm.server.request("GET", "/api/search?q=foothills", { cookie })).body.accounts.map((hit: { name: string }) => hit.name);
    expect(await namesFor(ann.cookie)).toEqual(["Foothills Recovery A", "Foothills Recovery B"]);
    expect(await namesFor(bob.cookie)).toEqual(["Foothills Recovery B", "Foothills Recovery A"]);
  });
});
