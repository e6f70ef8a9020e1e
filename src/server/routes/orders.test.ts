import { beforeEach, describe, expect, test } from "bun:test";
import { recordShipStationOrders, type ShipStationOrder } from "../../core/shipstation/shipstation-order.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

const unmatchedApiOrder = (orderId: number, placedAt: string): ShipStationOrder => ({
  orderId,
  orderNumber: `SO-${orderId}`,
  orderDate: placedAt,
  orderStatus: "awaiting_shipment",
  shipTo: { name: "Jane Roe", company: "Riverside Clinic", street1: "55 North Ave", postalCode: "30303", phone: "404-555-0100" },
  items: [{ sku: "CUP-12", quantity: 1, unitPrice: 100 }],
  orderTotal: 100,
});

describe("unmatched orders API (sales may match, as administrators may)", () => {
  const crm = useTestServer({ signInAs: "sales" });
  let riverside: number;
  beforeEach(() => {
    riverside = seedCustomer(crm.server.db, {
      email: "orders@riverside.com",
      company: "Riverside Clinic",
      phone: "404 555 0100",
      orders: [{ number: "SO-1", placedAt: "2026-03-01T15:00:00Z", total: 40 }],
    });
    recordShipStationOrders(crm.server.db, [unmatchedApiOrder(501, "2026-04-01T08:00:00.0000000"), unmatchedApiOrder(502, "2026-04-02T08:00:00.0000000")], "backfill");
  });

  const call = (method: string, path: string, body?: unknown) => crm.server.request(method, path, { cookie: crm.cookie, body });
  const unmatchedIds = () => crm.server.sqlite.query<{ id: number }, []>("SELECT id FROM unmatched_orders ORDER BY placed_at DESC").all().map((row) => row.id);

  test("both routes need a session", async () => {
    const [first] = unmatchedIds();
    for (const [method, path] of [
      ["GET", "/api/orders/unmatched"],
      ["POST", `/api/orders/${first}/match`],
    ] as const) {
      const response = await crm.server.request(method, path, method === "POST" ? { body: { accountId: riverside } } : {});
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 401, body: { message: "Not signed in" } });
    }
    expect(unmatchedIds()).toHaveLength(2);
  });

  test("GET lists them newest first, paged, with X-Total-Count and the accounts their ship-to suggests", async () => {
    const response = await call("GET", "/api/orders/unmatched?limit=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(response.body).toEqual([
      {
        id: unmatchedIds()[0],
        orderNumber: "SO-502",
        store: null,
        status: "awaiting_shipment",
        placedAt: "2026-04-02T15:00:00.000Z",
        total: 100,
        shipTo: { name: "Jane Roe", company: "Riverside Clinic", street1: "55 North Ave", postalCode: "30303", phone: "404-555-0100" },
        items: 1,
        deliveries: [expect.objectContaining({ route: "backfill", label: "ShipStation backfill" })],
        suggestions: [{ accountId: riverside, accountName: "Riverside Clinic", email: "orders@riverside.com", reasons: ["phone", "company"] }],
      },
    ]);
    expect((await call("GET", "/api/orders/unmatched?offset=1&limit=5")).body).toHaveLength(1);
    // The sidebar's count asks for none.
    const counted = await call("GET", "/api/orders/unmatched?limit=1&suggestions=false");
    expect(counted.headers.get("x-total-count")).toBe("2");
    expect(counted.body).toMatchObject([{ orderNumber: "SO-502", suggestions: [] }]);
    expect(await call("GET", "/api/orders/unmatched?suggestions=maybe")).toMatchObject({ status: 400, body: { field: "suggestions" } });
    expect(await call("GET", "/api/orders/unmatched?limit=0")).toMatchObject({ status: 400, body: { field: "limit" } });
  });

  test("POST /api/orders/:id/match moves it into the account; 404, 409 and 400 naming the field", async () => {
    const [newest, older] = unmatchedIds();
    const matched = await call("POST", `/api/orders/${newest}/match`, { accountId: riverside });
    expect(matched).toMatchObject({ status: 200, body: { message: "Order #SO-502 matched to Riverside Clinic", accountId: riverside } });
    const order = await call("GET", `/api/orders/${(matched.body as { orderId: number }).orderId}`);
    expect(order.body).toMatchObject({ accountId: riverside, orderNumber: "SO-502", customerEmail: "" });
    expect((await call("GET", `/api/accounts/${riverside}`)).body).toMatchObject({ orderCount: 2 });

    expect(await call("POST", `/api/orders/${newest}/match`, { accountId: riverside })).toMatchObject({ status: 409 });
    expect(await call("POST", "/api/orders/9999/match", { accountId: riverside })).toMatchObject({ status: 404, body: { message: "Unmatched order not found" } });
    expect(await call("POST", `/api/orders/${older}/match`, { accountId: 9999 })).toMatchObject({ status: 400, body: { field: "accountId" } });
    expect(await call("POST", `/api/orders/${older}/match`, {})).toMatchObject({ status: 400, body: { field: "accountId" } });
    expect(await call("POST", `/api/orders/${older}/match`, { accountId: "x" })).toMatchObject({ status: 400, body: { field: "accountId" } });
    expect(unmatchedIds()).toEqual([older!]);
  });
});
