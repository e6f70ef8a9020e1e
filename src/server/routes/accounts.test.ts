import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/accounts", () => {
  const crm = useTestServer({ signInAs: "sales" });

  const get = (query = "") => crm.server.request("GET", `/api/accounts${query}`, { cookie: crm.cookie });
  const names = (response: { body: { name: string }[] }) => response.body.map((account) => account.name);

  async function seedThree() {
    seedCustomer(crm.server.db, {
      email: "buyer@alpha-clinic.com",
      company: "alpha Clinic",
      contactName: "Ann Alpha",
      orders: [
        { number: "A1", placedAt: daysAgo(20), total: 60 },
        { number: "A2", placedAt: daysAgo(10), total: 40 },
      ],
    });
    seedCustomer(crm.server.db, {
      email: "lab@beta.org",
      company: "Beta Lab",
      orders: [
        { number: "B1", placedAt: daysAgo(400), total: 1234.5 },
        { number: "B2", placedAt: daysAgo(300), total: 10 },
      ],
    });
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Gamma Prospect" } });
  }

  test("lists accounts sorted by name by default, with the total in X-Total-Count and the contract's fields", async () => {
    await seedThree();
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(names(response)).toEqual(["alpha Clinic", "Beta Lab", "Gamma Prospect"]);
    expect(response.body[1]).toEqual({
      id: expect.any(Number),
      name: "Beta Lab",
      email: "lab@beta.org",
      domain: "beta.org",
      phone: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      listType: "legacy",
      listPinned: false,
      isNew: false,
      orderCount: 2,
      totalOrderValue: 1244.5,
      lastOrderDate: expect.any(String),
      firstOrderDate: expect.any(String),
      primaryContact: null,
      // Its first order is far too old for a welcome task, whose assignee would have become its owner.
      ownerUserId: null,
      hasDuplicate: false,
    });
    const beta = response.body[1];
    expect(Date.parse(beta.firstOrderDate)).toBeLessThan(Date.parse(beta.lastOrderDate));
    // A customer since its first order; one added by hand since it was added, and new.
    expect(beta.createdAt).toBe(beta.firstOrderDate);
    expect(response.body[2]).toMatchObject({ name: "Gamma Prospect", listType: "new", isNew: true, firstOrderDate: null });
    expect(response.body[0]).toMatchObject({ listType: "new", isNew: true });
    expect(Math.round((Date.now() - Date.parse(beta.lastOrderDate)) / 86_400_000)).toBe(300);
    expect(response.body[0].primaryContact).toEqual({ id: expect.any(Number), firstName: "Ann", lastName: "Alpha", email: "buyer@alpha-clinic.com" });
  });

  test("sorts by each column in both directions", async () => {
    await seedThree();
    expect(names(await get("?sort=totalOrderValue&dir=desc"))).toEqual(["Beta Lab", "alpha Clinic", "Gamma Prospect"]);
    expect(names(await get("?sort=orderCount&dir=asc"))).toEqual(["Gamma Prospect", "alpha Clinic", "Beta Lab"]);
    expect(names(await get("?sort=lastOrderDate&dir=desc"))).toEqual(["alpha Clinic", "Beta Lab", "Gamma Prospect"]);
    expect(names(await get("?sort=name&dir=desc"))).toEqual(["Gamma Prospect", "Beta Lab", "alpha Clinic"]);
  });

  test("filters by status, timeframe and text, and pages with limit and offset", async () => {
    await seedThree();
    expect(names(await get("?status=active"))).toEqual(["alpha Clinic"]);
    expect(names(await get("?status=dormant"))).toEqual(["Beta Lab"]);
    expect(names(await get("?status=prospect"))).toEqual(["Gamma Prospect"]);
    // Customers since: alpha's first order 20 days ago, Beta's 400, Gamma added by hand just now.
    expect(names(await get("?timeframe=30"))).toEqual(["alpha Clinic", "Gamma Prospect"]);
    expect(names(await get("?timeframe=14"))).toEqual(["Gamma Prospect"]);
    expect(names(await get("?q=ALPHA"))).toEqual(["alpha Clinic"]);
    expect(names(await get("?q=beta.org"))).toEqual(["Beta Lab"]);
    expect(names(await get("?q=%25"))).toEqual([]);
    const page = await get("?limit=2&offset=2");
    expect(names(page)).toEqual(["Gamma Prospect"]);
    expect(page.headers.get("x-total-count")).toBe("3");
  });

  test("unknown filter, sort or paging values answer 400 naming the parameter", async () => {
    const refused = [
      ["?status=asleep", "status"],
      ["?timeframe=7", "timeframe"],
      ["?sort=email", "sort"],
      ["?dir=up", "dir"],
      ["?showDuplicates=yes", "showDuplicates"],
      ["?from=03/01/2026", "from"],
      ["?to=2026-3-1", "to"],
      ["?limit=0", "limit"],
      ["?limit=501", "limit"],
      ["?limit=ten", "limit"],
      ["?offset=-1", "offset"],
      ["?offset=1.5", "offset"],
      ["?offset=1e309", "offset"],
    ] as const;
    for (const [query, field] of refused) {
      const response = await get(query);
      expect({ query, status: response.status, body: response.body }).toEqual({ query, status: 400, body: { field, message: expect.stringMatching(new RegExp(`^${field} must be`)) } });
    }
  });

  test("POST creates an account with trimmed values and a domain from its e-mail; bad input answers 400 or 409", async () => {
    const created = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "  Delta Health ", email: " Office@Delta.com ", phone: " 555-0100 " } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Delta Health", email: "office@delta.com", domain: "delta.com", phone: "555-0100", orderCount: 0, listType: "new" });
    expect(await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "   " } })).toMatchObject({ status: 400, body: { message: "name is required" } });
    expect((await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "X", email: "nope" } })).body.message).toStartWith("email is not a valid");
    expect((await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "X", domain: "not a domain" } })).body.message).toStartWith("domain is not a valid");
    const taken = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Other", email: "office@delta.com" } });
    expect(taken).toMatchObject({ status: 409 });
    expect(taken.body).toEqual({ message: "The e-mail office@delta.com already belongs to the account Delta Health", field: "email" });
  });

  test("PATCH changes only the given fields; list-type works with POST and PATCH and refuses unknown lists", async () => {
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Echo", email: "a@echo.com" } });
    await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Foxtrot", email: "b@foxtrot.com" } });
    const renamed = await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { name: " Echo Labs " } });
    expect(renamed.body).toMatchObject({ name: "Echo Labs", email: "a@echo.com" });
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { email: "b@foxtrot.com" } })).status).toBe(409);
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { name: "" } })).status).toBe(400);
    expect((await crm.server.request("PATCH", "/api/accounts/999999", { cookie: crm.cookie, body: { name: "Ghost" } })).body).toEqual({ message: "Account not found" });

    expect((await crm.server.request("POST", `/api/accounts/${account.id}/list-type`, { cookie: crm.cookie, body: { listType: "active" } })).body).toMatchObject({ listType: "active", listPinned: true });
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}/list-type`, { cookie: crm.cookie, body: { listType: "legacy" } })).body.listType).toBe("legacy");
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}/list-type`, { cookie: crm.cookie, body: { listType: "automatic" } })).body).toMatchObject({ listType: "new", listPinned: false });
    const unknown = await crm.server.request("PATCH", `/api/accounts/${account.id}/list-type`, { cookie: crm.cookie, body: { listType: "vip" } });
    expect(unknown).toMatchObject({ status: 400, body: { message: "listType must be automatic or one of new, active, legacy" } });
    expect((await crm.server.request("GET", `/api/accounts/${account.id}`, { cookie: crm.cookie })).body.listType).toBe("new");
  });

  test("clear-all-data is for admins only and removes customer data but keeps users and sessions", async () => {
    await seedThree();
    expect(await crm.server.request("DELETE", "/api/admin/clear-all-data", { cookie: crm.cookie })).toMatchObject({ status: 403, body: { message: "Only administrators can do this" } });
    expect((await get()).headers.get("x-total-count")).toBe("3");
    const admin = await crm.server.signInAs("admin");
    crm.server.sqlite.run("INSERT INTO import_runs (files, state, host, pid, started_at, heartbeat_at) VALUES ('[\"orders.csv\"]', 'completed', 'here', 1, 0, 0)");
    // Not without the company name typed (Supply Co. unless branding says otherwise): then nothing changes.
    for (const body of [undefined, {}, { confirm: "" }, { confirm: "Supply" }]) {
      expect(await crm.server.request("DELETE", "/api/admin/clear-all-data", { cookie: admin.cookie, body })).toMatchObject({
        status: 400,
        body: { field: "confirm", message: "Type the company name, Supply Co., to confirm" },
      });
    }
    expect((await get()).headers.get("x-total-count")).toBe("3");
    expect(readdirSync(crm.server.dataDir).includes("backups")).toBe(false);
    const cleared = await crm.server.request("DELETE", "/api/admin/clear-all-data", { cookie: admin.cookie, body: { confirm: "  supply co. " } });
    expect(cleared.status).toBe(200);
    for (const table of ["accounts", "contacts", "orders", "import_runs"]) {
      expect(crm.server.sqlite.query(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    }
    // What was cleared is kept first, in a backup that holds it all.
    const backup = /kept first: (crm-before-clear-\S+\.db\.gz)$/.exec(cleared.body.message)![1]!;
    const kept = Database.deserialize(gunzipSync(readFileSync(path.join(crm.server.dataDir, "backups", backup))));
    expect(kept.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 3 });
    kept.close();
    expect((await crm.server.request("GET", "/api/auth/me", { cookie: crm.cookie })).status).toBe(200);
  });

  test("the owner is set by the welcome task and can be changed to another active user or to none", async () => {
    const admin = await crm.server.signInAs("admin", "owner-admin@example.com");
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Owned Co" } });
    const fetched = (await crm.server.request("GET", `/api/accounts/${account.id}`, { cookie: crm.cookie })).body;
    expect(fetched.ownerUserId).toBeNumber();
    const changed = await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { ownerUserId: admin.user.id } });
    expect(changed.body.ownerUserId).toBe(admin.user.id);
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { ownerUserId: null } })).body.ownerUserId).toBeNull();
    expect((await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { ownerUserId: 9999 } })).body).toEqual({
      field: "ownerUserId",
      message: "ownerUserId must be an active team member",
    });
  });
});

describe("/api/accounts filters: q, list and owner, as the dashboard's URL names them", () => {
  const crm = useTestServer({ signInAs: "admin" });

  const get = (query: string, cookie = crm.cookie) => crm.server.request("GET", `/api/accounts${query}`, { cookie });
  const names = (response: { body: { name: string }[] }) => response.body.map((account) => account.name);

  /** Three accounts: one given to a sales rep, one to the admin, one to nobody. Answers the rep's sign-in. */
  async function seedOwned() {
    const rep = await crm.server.signInAs("sales", "rep@example.com");
    const pine = seedCustomer(crm.server.db, {
      email: "orders@pinecrest-lab.com",
      company: "Pinecrest Lab",
      contactName: "Dana Doyle",
      phone: "+1 414-479-4233",
      orders: [{ number: "SO-77123", placedAt: daysAgo(20), total: 80 }],
    });
    const harbor = seedCustomer(crm.server.db, {
      email: "buyer@harbor-clinic.com",
      company: "Harbor Clinic",
      phone: "213.748.8406",
      orders: [{ number: "SO-88456", placedAt: daysAgo(400), total: 30 }],
    });
    seedCustomer(crm.server.db, { email: "hello@zenith.org", company: "Zenith Health", orders: [{ number: "SO-99789", placedAt: daysAgo(100), total: 10 }] });
    const me = await crm.server.request("GET", "/api/auth/me", { cookie: crm.cookie });
    const adminId = (me.body as { id: number }).id;
    const give = (id: number, ownerUserId: number) => crm.server.request("PATCH", `/api/accounts/${id}`, { cookie: crm.cookie, body: { ownerUserId } });
    expect((await give(pine, rep.user.id)).status).toBe(200);
    expect((await give(harbor, adminId)).status).toBe(200);
    return { rep, adminId };
  }

  test("owner=me is the signed-in user's accounts; none, a user id and all as named", async () => {
    const { rep, adminId } = await seedOwned();
    const mine = await get("?owner=me", rep.cookie);
    expect(names(mine)).toEqual(["Pinecrest Lab"]);
    expect(mine.headers.get("x-total-count")).toBe("1");
    expect(names(await get("?owner=me"))).toEqual(["Harbor Clinic"]);
    expect(names(await get("?owner=none"))).toEqual(["Zenith Health"]);
    expect(names(await get(`?owner=${rep.user.id}`))).toEqual(["Pinecrest Lab"]);
    expect(names(await get(`?owner=${adminId}&q=harbor`))).toEqual(["Harbor Clinic"]);
    expect(names(await get("?owner=all"))).toEqual(["Harbor Clinic", "Pinecrest Lab", "Zenith Health"]);
  });

  test("an owner that is not me, none, all or a user answers 400 naming owner", async () => {
    await seedOwned();
    for (const owner of ["someone", "0", "-1", "1.5", "999999"]) {
      const response = await get(`?owner=${owner}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: "owner", message: "owner must be me, none, all or a team member's user id" });
    }
  });

  test("q finds what the header search finds: a phone in any format, an order number, a contact, part of an e-mail", async () => {
    await seedOwned();
    expect(names(await get("?q=(414) 479-4233"))).toEqual(["Pinecrest Lab"]);
    expect(names(await get("?q=4144794233"))).toEqual(["Pinecrest Lab"]);
    expect(names(await get("?q=213-748-8406"))).toEqual(["Harbor Clinic"]);
    expect(names(await get("?q=SO-884"))).toEqual(["Harbor Clinic"]);
    expect(names(await get("?q=so-99789"))).toEqual(["Zenith Health"]);
    expect(names(await get("?q=dana doyle"))).toEqual(["Pinecrest Lab"]);
    expect(names(await get("?q=harbor-clin"))).toEqual(["Harbor Clinic"]);
    const both = await get("?q=SO-&sort=name&limit=2");
    expect(names(both)).toEqual(["Harbor Clinic", "Pinecrest Lab"]);
    expect(both.headers.get("x-total-count")).toBe("3");
  });

  test("list filters by the list's key, combining with the others; an unknown list answers 400 naming list", async () => {
    await seedOwned();
    expect(names(await get("?list=legacy"))).toEqual(["Harbor Clinic"]);
    expect(names(await get("?list=active&q=zenith"))).toEqual(["Zenith Health"]);
    expect(names(await get("?list=active&owner=none"))).toEqual(["Zenith Health"]);
    const unknown = await get("?list=gold");
    expect(unknown).toMatchObject({ status: 400, body: { field: "list", message: "list must be one of new, active, legacy" } });
  });

  test("sort=owner orders by the owner's name, accounts without one last either way", async () => {
    await seedOwned();
    // The admin is 'Test admin', the rep 'Test sales'.
    expect(names(await get("?sort=owner"))).toEqual(["Harbor Clinic", "Pinecrest Lab", "Zenith Health"]);
    expect(names(await get("?sort=owner&dir=desc"))).toEqual(["Pinecrest Lab", "Harbor Clinic", "Zenith Health"]);
  });

  test("the export and bulk actions take the same filters, owner=me being whoever asks", async () => {
    const { rep } = await seedOwned();
    const csv = await crm.server.request("GET", "/api/accounts/export.csv?owner=me", { cookie: rep.cookie });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Pinecrest Lab");
    expect(lines[1]).toContain("Test sales");
    const bulk = await crm.server.request("POST", "/api/accounts/bulk", {
      cookie: rep.cookie,
      body: { selection: { allMatching: { owner: "me" } }, action: { kind: "setList", listType: "legacy" } },
    });
    expect(bulk.body).toMatchObject({ matched: 1, updated: 1 });
    const badOwner = await crm.server.request("GET", "/api/accounts/export.csv?owner=nobody", { cookie: rep.cookie });
    expect(badOwner.status).toBe(400);
  });
});
