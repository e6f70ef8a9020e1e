import { describe, expect, test } from "bun:test";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("an account's detail, orders and activity", () => {
  const crm = useTestServer({ signInAs: "sales" });

  test("GET /api/accounts/{id} has contacts and orders newest first, prices in dollars; a missing account is 404", async () => {
    const id = seedCustomer(crm.server.db, {
      email: "buyer@clinic.com",
      company: "Clinic",
      contactName: "Ann Lee",
      orders: [
        { number: "OLD", placedAt: daysAgo(30), total: 10.5 },
        { number: "NEW", placedAt: daysAgo(1), total: 99.99 },
      ],
    });
    const response = await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, name: "Clinic", orderCount: 2, totalOrderValue: 110.49 });
    expect(response.body.contacts).toEqual([
      { id: expect.any(Number), accountId: id, firstName: "Ann", lastName: "Lee", email: "buyer@clinic.com", phone: null, title: null, isPrimary: true },
    ]);
    expect(response.body.orders.map((order: { orderNumber: string }) => order.orderNumber)).toEqual(["NEW", "OLD"]);
    expect(response.body.orders[0]).toMatchObject({ total: 99.99, externalId: "NEW", raw: { orderTotal: 99.99, items: [] } });
    expect(await crm.server.request("GET", "/api/accounts/424242", { cookie: crm.cookie })).toMatchObject({ status: 404, body: { message: "Account not found" } });
    expect((await crm.server.request("GET", "/api/accounts/abc", { cookie: crm.cookie })).status).toBe(400);
  });

  test("GET /api/accounts/{id}/orders pages with limit and offset and counts in X-Total-Count", async () => {
    const orders = Array.from({ length: 7 }, (_, i) => ({ number: `N${i}`, placedAt: daysAgo(10 - i), total: i }));
    const id = seedCustomer(crm.server.db, { email: "many@clinic.com", orders });
    const page = await crm.server.request("GET", `/api/accounts/${id}/orders?limit=5&offset=5`, { cookie: crm.cookie });
    expect(page.headers.get("x-total-count")).toBe("7");
    expect(page.body.map((order: { orderNumber: string }) => order.orderNumber)).toEqual(["N1", "N0"]);
    // An offset without a limit is the rest of the list: SQLite takes an OFFSET only after a LIMIT.
    const rest = await crm.server.request("GET", `/api/accounts/${id}/orders?offset=4`, { cookie: crm.cookie });
    expect({ status: rest.status, total: rest.headers.get("x-total-count"), orders: rest.body.map((order: { orderNumber: string }) => order.orderNumber) }).toEqual({
      status: 200,
      total: "7",
      orders: ["N2", "N1", "N0"],
    });
    expect((await crm.server.request("GET", "/api/accounts/999/orders", { cookie: crm.cookie })).status).toBe(404);
  });

  test("a bad account id or paging value answers 400 naming it, never 500", async () => {
    const id = seedCustomer(crm.server.db, { email: "paged@clinic.com", orders: [{ number: "P1", placedAt: daysAgo(3), total: 5 }] });
    const refused = [
      [`/api/accounts/${id}/orders?offset=-1`, "offset"],
      [`/api/accounts/${id}/orders?offset=1.5`, "offset"],
      [`/api/accounts/${id}/orders?offset=1e309`, "offset"],
      [`/api/accounts/${id}/orders?limit=0`, "limit"],
      [`/api/accounts/${id}/orders?limit=501`, "limit"],
      ["/api/accounts/0", "id"],
      ["/api/accounts/abc/orders", "id"],
      ["/api/accounts/1.5", "id"],
      // Decimal digits only: JavaScript would read these as 16, 1000 and 1.
      ["/api/accounts/0x10", "id"],
      ["/api/accounts/1e3", "id"],
      ["/api/accounts/%201", "id"],
      [`/api/accounts/${id}/orders?offset=0x1`, "offset"],
    ] as const;
    for (const [url, field] of refused) {
      const response = await crm.server.request("GET", url, { cookie: crm.cookie });
      expect({ url, status: response.status, body: response.body }).toEqual({ url, status: 400, body: { field, message: expect.stringMatching(new RegExp(`^${field} must be`)) } });
    }
  });

  test("every change to an account lands on its timeline with who made it; staff can log calls and meetings", async () => {
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Timeline Co" } });
    await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body: { name: "Timeline Labs" } });
    await crm.server.request("PATCH", `/api/accounts/${account.id}/list-type`, { cookie: crm.cookie, body: { listType: "active" } });
    await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: account.id, firstName: "Kim", lastName: "Park", email: "kim@timeline.com" } });
    const { body: note } = await crm.server.request("POST", `/api/accounts/${account.id}/notes`, { cookie: crm.cookie, body: { title: "Pricing", content: "Asked for a quote" } });
    await crm.server.request("PATCH", `/api/notes/${note.id}`, { cookie: crm.cookie, body: { content: "Quote sent" } });
    await crm.server.request("DELETE", `/api/notes/${note.id}`, { cookie: crm.cookie });
    const logged = await crm.server.request("POST", `/api/accounts/${account.id}/activity`, {
      cookie: crm.cookie,
      body: { kind: "call", summary: "Discussed reorder", date: "2026-11-20T15:00:00.000Z" },
    });
    expect(logged).toMatchObject({ status: 201, body: { kind: "call", summary: "Discussed reorder", actorName: "Test sales", occurredAt: "2026-11-20T15:00:00.000Z" } });

    const timeline = await crm.server.request("GET", `/api/accounts/${account.id}/activity`, { cookie: crm.cookie });
    const changes = timeline.body.filter((entry: { kind: string }) => entry.kind !== "call");
    expect(changes.map((entry: { kind: string; summary: string }) => [entry.kind, entry.summary])).toEqual([
      ["note_deleted", "Deleted a note: Pricing"],
      ["note_edited", "Edited a note: Pricing"],
      ["note_added", "Added a note: Pricing"],
      ["contact_added", "Added contact Kim Park"],
      ["list_changed", "Moved from New to Active"],
      ["account_updated", 'Renamed from "Timeline Co" to "Timeline Labs"'],
      ["account_created", "Account created"],
    ]);
    expect(new Set(timeline.body.map((entry: { actorName: string }) => entry.actorName))).toEqual(new Set(["Test sales"]));
  });

  test("logging activity checks its fields", async () => {
    const { body: account } = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Checks" } });
    const post = (body: object) => crm.server.request("POST", `/api/accounts/${account.id}/activity`, { cookie: crm.cookie, body });
    expect((await post({ kind: "fax", summary: "x" })).body.message).toBe("kind must be one of call, email, meeting, other");
    expect((await post({ kind: "call", summary: "  " })).body.message).toBe("summary is required");
    expect((await post({ kind: "call", summary: "x", date: "soon" })).body.message).toStartWith("date is not a valid date");
    expect((await crm.server.request("POST", "/api/accounts/999/activity", { cookie: crm.cookie, body: { kind: "call", summary: "x" } })).status).toBe(404);
  });
});
