import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { createTeamOfTwo } from "../../testing/team.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import type { Actor } from "../changes/actor.ts";
import { DomainError } from "../errors.ts";
import { accountSuggester } from "../duplicates/order-suggestions.ts";
import { runCsvImport } from "../import/csv-import-run.ts";
import { recordShipStationOrders, type ShipStationOrder } from "../shipstation/shipstation-order.ts";
import { countUnmatchedOrders, listUnmatchedOrders, matchUnmatchedOrder } from "./unmatched-orders.ts";

setDefaultTimeout(30_000);


/** An API v1 order of Riverside's, without the customer's e-mail unless given. */
function apiOrder(orderId: number, overrides: Partial<ShipStationOrder> = {}): ShipStationOrder {
  return {
    orderId,
    orderNumber: `SO-${orderId}`,
    orderDate: "2026-04-02T07:39:21.0000000",
    orderStatus: "awaiting_shipment",
    shipTo: { name: "Jane Roe", company: "Riverside Clinic", street1: "55 North Ave", postalCode: "30303", phone: "404-555-0100" },
    items: [{ sku: "CUP-12", name: "12-Panel Drug Test Cup", quantity: 2, unitPrice: 50 }],
    orderTotal: 100,
    ...overrides,
  };
}

describe("orders without a customer e-mail", () => {
  let dir: TemporaryDirectory;
  let database: ReturnType<typeof temporaryDatabase>;
  let riverside: number;
  beforeEach(() => {
    dir = temporaryDirectory("crm-unmatched-");
    database = temporaryDatabase();
    riverside = seedCustomer(database.db, {
      email: "orders@riverside.com",
      company: "Riverside Clinic",
      contactName: "Jane Roe",
      street: "55 North Avenue",
      postalCode: "30303",
      phone: "(404) 555-0100",
      orders: [{ number: "SO-1", placedAt: "2026-03-01T15:00:00Z", total: 40 }],
    });
  });
  afterEach(() => {
    database.dispose();
    dir.dispose();
  });

  const figures = (accountId: number) =>
    database.sqlite
      .query<{ orderCount: number; totalOrderCents: number }, [number]>("SELECT order_count AS orderCount, total_order_cents AS totalOrderCents FROM accounts WHERE id = ?")
      .get(accountId)!;
  const counts = () =>
    database.sqlite.query<{ accounts: number; orders: number; unmatched: number }, []>(
      "SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM unmatched_orders) AS unmatched",
    ).get()!;
  const routesOf = (orderId: number) =>
    database.sqlite.query<{ route: string }, [number]>("SELECT route FROM order_deliveries WHERE order_id = ? ORDER BY route").all(orderId).map((row) => row.route);
  const timeline = (accountId: number) =>
    database.sqlite.query<{ summary: string }, [number]>("SELECT summary FROM activities WHERE account_id = ? ORDER BY id").all(accountId).map((row) => row.summary);

  async function importCsv(text: string) {
    const file = path.join(dir.path, `orders-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, text);
    const outcome = await runCsvImport(database.db, [{ path: file }], { timeZone: "America/New_York" });
    expect(outcome.state).toBe("completed");
    return outcome.result;
  }

  test("are kept once however many routes deliver them, in no account, and change no figure", () => {
    const before = { figures: figures(riverside), counts: counts() };
    const first = recordShipStationOrders(database.db, [apiOrder(501), apiOrder(502, { customerEmail: "not an e-mail" })], "backfill");
    expect(first.ordersUnmatched).toBe(2);
    expect(first.ordersCreated).toBe(0);
    expect(first.accountsCreated).toBe(0);

    // The webhook brings one of them again, changed: the same row, brought up to date, both routes remembered.
    const again = recordShipStationOrders(database.db, [apiOrder(501, { orderStatus: "shipped" })], "webhook");
    expect(again.ordersUnmatched).toBe(0);
    expect(again.ordersUpdated).toBe(1);
    // The webhook's change is audited as the one order it recorded, in no account.
    expect(database.sqlite.query("SELECT summary FROM audit_log WHERE action = 'orders_recorded' ORDER BY id DESC LIMIT 1").get()).toEqual({
      summary: "1 order recorded among the unmatched orders",
    });
    expect(counts()).toEqual({ ...before.counts, unmatched: 2 });
    expect(figures(riverside)).toEqual(before.figures);

    const page = listUnmatchedOrders(database.db, { limit: 10 });
    expect(page.total).toBe(2);
    const shipped = page.orders.find((order) => order.orderNumber === "SO-501")!;
    expect(shipped.status).toBe("shipped");
    expect(shipped.totalCents).toBe(10_000);
    expect(shipped.shipTo.company).toBe("Riverside Clinic");
    expect(shipped.deliveries.map((delivery) => delivery.route)).toEqual(["backfill", "webhook"]);
  });

  test("a later V1 delivery with the e-mail matches the order to that e-mail's account, figures recounted", () => {
    recordShipStationOrders(database.db, [apiOrder(501)], "backfill");
    const before = figures(riverside);
    const summary = recordShipStationOrders(database.db, [apiOrder(501, { customerEmail: "Orders@Riverside.com" })], "webhook");
    expect(summary.ordersMatched).toBe(1);
    expect(summary.ordersCreated).toBe(0);
    expect(countUnmatchedOrders(database.db)).toBe(0);
    expect(figures(riverside)).toEqual({ orderCount: before.orderCount + 1, totalOrderCents: before.totalOrderCents + 10_000 });
    const order = database.sqlite.query<{ id: number; accountId: number; shipstationOrderId: number }, []>(
      "SELECT id, account_id AS accountId, shipstation_order_id AS shipstationOrderId FROM orders WHERE order_number = 'SO-501'",
    ).get()!;
    expect(order).toMatchObject({ accountId: riverside, shipstationOrderId: 501 });
    expect(routesOf(order.id)).toEqual(["backfill", "webhook"]);
    expect(timeline(riverside).at(-1)).toBe("Order #SO-501, which came without a customer e-mail, matched to this account by its customer e-mail, which a later delivery gave");
  });

  test("a later CSV import of the same order with the e-mail matches it: one order, its routes kept", async () => {
    recordShipStationOrders(database.db, [apiOrder(777, { orderNumber: "SO-9001" })], "backfill");
    const before = figures(riverside);
    const result = await importCsv(exportCsv([itemRow("SO-9001", "orders@riverside.com", { "Amount - Order Total": "100.00", "Item - Price": "50.00", "Item - Qty": "2" })]));
    expect(result.message).toContain("1 unmatched order matched by e-mail");
    expect(counts().unmatched).toBe(0);
    const rows = database.sqlite.query<{ id: number; accountId: number; shipstationOrderId: number | null }, []>(
      "SELECT id, account_id AS accountId, shipstation_order_id AS shipstationOrderId FROM orders WHERE order_number = 'SO-9001'",
    ).all();
    expect(rows).toHaveLength(1);
    // The export names no ShipStation id: the API's stays.
    expect(rows[0]).toMatchObject({ accountId: riverside, shipstationOrderId: 777 });
    expect(routesOf(rows[0]!.id)).toEqual(["backfill", "csv"]);
    expect(figures(riverside)).toEqual({ orderCount: before.orderCount + 1, totalOrderCents: before.totalOrderCents + 10_000 });
  });

  test("staff match one to an account through the writer: figures recounted, timeline and audit say who", async () => {
    const { bob } = await createTeamOfTwo(database.db);
    const JANE: Actor = { userId: bob, name: "Jane Staff", source: "user" };
    recordShipStationOrders(database.db, [apiOrder(501)], "backfill");
    const [waiting] = listUnmatchedOrders(database.db, {}).orders;
    const before = figures(riverside);
    const matched = matchUnmatchedOrder(database.db, waiting!.id, riverside, JANE);
    expect(matched).toMatchObject({ orderNumber: "SO-501", accountName: "Riverside Clinic" });
    expect(figures(riverside)).toEqual({ orderCount: before.orderCount + 1, totalOrderCents: before.totalOrderCents + 10_000 });
    expect(routesOf(matched.orderId)).toEqual(["backfill"]);
    expect(timeline(riverside).at(-1)).toBe("Order #SO-501, which came without a customer e-mail, matched to this account by Jane Staff");
    const audit = database.sqlite.query<{ actorName: string; summary: string; accountId: number }, []>(
      "SELECT actor_name AS actorName, summary, account_id AS accountId FROM audit_log WHERE action = 'orders_recorded' ORDER BY id DESC LIMIT 1",
    ).get()!;
    expect(audit).toMatchObject({ actorName: "Jane Staff", accountId: riverside });
    expect(audit.summary).toContain("matched to this account by Jane Staff");

    // Matched already: a conflict; an id never given: not found; an account that does not exist: the field at fault.
    expect(() => matchUnmatchedOrder(database.db, waiting!.id, riverside, JANE)).toThrow(expect.objectContaining({ kind: "conflict" }) as unknown as DomainError);
    expect(() => matchUnmatchedOrder(database.db, 999, riverside, JANE)).toThrow(expect.objectContaining({ kind: "not_found" }) as unknown as DomainError);
    recordShipStationOrders(database.db, [apiOrder(502)], "backfill");
    const [other] = listUnmatchedOrders(database.db, {}).orders;
    expect(() => matchUnmatchedOrder(database.db, other!.id, 12_345, JANE)).toThrow(expect.objectContaining({ kind: "invalid", field: "accountId" }) as unknown as DomainError);
    expect(countUnmatchedOrders(database.db)).toBe(1);

    // The matched order delivered again without an e-mail stays where staff put it: no second row, no move.
    recordShipStationOrders(database.db, [apiOrder(501, { orderStatus: "shipped" })], "webhook");
    expect(countUnmatchedOrders(database.db)).toBe(1);
    expect(database.sqlite.query<{ accountId: number }, []>("SELECT account_id AS accountId FROM orders WHERE order_number = 'SO-501'").all()).toEqual([{ accountId: riverside }]);
  });

  test("an order known with its e-mail, delivered again without one, stays in its account", () => {
    recordShipStationOrders(database.db, [apiOrder(601, { customerEmail: "orders@riverside.com" })], "backfill");
    const before = { figures: figures(riverside), counts: counts() };
    const summary = recordShipStationOrders(database.db, [apiOrder(601, { orderStatus: "cancelled" })], "webhook");
    expect(summary.ordersUnmatched).toBe(0);
    expect(counts()).toEqual(before.counts);
    const order = database.sqlite.query<{ accountId: number; customerEmail: string; status: string }, []>(
      "SELECT account_id AS accountId, customer_email AS customerEmail, status FROM orders WHERE order_number = 'SO-601'",
    ).get()!;
    expect(order).toEqual({ accountId: riverside, customerEmail: "orders@riverside.com", status: "cancelled" });
    // Cancelled now: it no longer counts.
    expect(figures(riverside).orderCount).toBe(before.figures.orderCount - 1);
  });

  test("suggestions: the accounts whose phone, address, name or contact match the ship-to, firmest first", () => {
    const namesake = seedCustomer(database.db, {
      email: "buyer@lakeside.com",
      company: "Lakeside Labs",
      contactName: "Jane Roe",
      orders: [{ number: "SO-2", placedAt: "2026-03-02T15:00:00Z", total: 10 }],
    });
    const suggestAccounts = accountSuggester(database.db);
    const suggestions = suggestAccounts({ name: "Jane Roe", company: "Riverside Clinic, LLC", street1: "55 N. Ave.", postalCode: "30303", phone: "+1 404 555 0100" });
    expect(suggestions.map((suggestion) => suggestion.accountId)).toEqual([riverside, namesake]);
    expect(suggestions[0]!.reasons).toEqual(["phone", "address", "company", "person"]);
    expect(suggestions[1]!.reasons).toEqual(["person"]);
    expect(suggestAccounts({ name: "Nobody", phone: "555" })).toEqual([]);

    // An account created since the keys were built, queued for the background detection, is suggested at once.
    const later = seedCustomer(database.db, { email: "desk@harbor.com", company: "Harbor Front Desk", phone: "312-555-0199", orders: [{ number: "SO-3", placedAt: "2026-03-03T15:00:00Z", total: 10 }] });
    expect(accountSuggester(database.db)({ phone: "(312) 555-0199" }).map((suggestion) => suggestion.accountId)).toEqual([later]);
  });
});
