import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import type { IncomingOrder } from "./incoming-order.ts";
import { prepareOrder } from "./prepared-order.ts";
import { recordOrders } from "./record-orders.ts";
import { SEEDED_DELIVERY } from "../../testing/seed.ts";
import { ACCOUNTS_DISAGREEING_WITH_THEIR_ORDERS } from "../../testing/statistics-recount.ts";

/** Past the size at which a recording into an empty database loads in bulk (drops and rebuilds indexes). */
const BULK_SIZED_RECORDING = 6_000;

describe("recordOrders", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  const query = <T>(sql: string) => database.sqlite.query(sql).all() as T[];
  const indexes = () => query<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name");
  const snapshot = () => ({
    accounts: query("SELECT * FROM accounts ORDER BY id"),
    contacts: query("SELECT * FROM contacts ORDER BY id"),
    orders: query("SELECT * FROM orders ORDER BY id"),
    indexes: indexes(),
  });
  const order = (number: number, email = `buyer${number % 700}@clinic${number % 13}.com`): IncomingOrder => ({
    source: "csv",
    externalId: `SO-${number}`,
    orderNumber: `SO-${number}`,
    store: null,
    shipstationOrderId: null,
    status: null,
    customerEmail: email,
    placedAt: new Date(Date.UTC(2025, number % 12, (number % 28) + 1, number % 24)),
    totalCents: 1000 + (number % 977),
    shipTo: { name: `Buyer ${number % 700}`, company: `Clinic ${number % 700}` },
    items: [{ sku: "CUP-12", quantity: 1 + (number % 3) }],
    details: {},
  });
  const recordMany = (count: number, from = 0) =>
    recordOrders(database.db, (recorder) => {
      for (let number = from; number < from + count; number++) recorder.record(order(number));
    }, { delivery: SEEDED_DELIVERY });

  test("a bulk-sized recording loads without the non-unique indexes and rebuilds them from the same definition", () => {
    const before = indexes();
    let whileLoading: string[] = [];
    const { summary } = recordOrders(database.db, (recorder) => {
      for (let number = 0; number < BULK_SIZED_RECORDING; number++) recorder.record(order(number));
      whileLoading = indexes().map((index) => index.name);
    }, { delivery: SEEDED_DELIVERY });
    expect(summary.ordersCreated).toBe(BULK_SIZED_RECORDING);
    expect(whileLoading).not.toContain("orders_account_counted_idx");
    expect(whileLoading).not.toContain("accounts_name_idx");
    // Kept: each order is looked up by them.
    expect(whileLoading).toContain("orders_order_number_idx");
    expect(whileLoading).toContain("orders_unnumbered_idx");
    expect(whileLoading).toContain("orders_shipstation_order_id_idx");
    expect(whileLoading).toContain("accounts_email_unique");
    expect(indexes()).toEqual(before);
    expect(database.sqlite.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  });

  test("statistics of a bulk-sized recording equal a recount of the stored orders", () => {
    recordMany(100);
    recordMany(BULK_SIZED_RECORDING, 50);
    const mismatches = query(ACCOUNTS_DISAGREEING_WITH_THEIR_ORDERS);
    expect(query<{ n: number }>("SELECT count(*) AS n FROM orders")[0]!.n).toBe(BULK_SIZED_RECORDING + 50);
    expect(mismatches).toEqual([]);
  });

  test("a failure after the indexes were dropped leaves the database exactly as before, indexes included", () => {
    recordMany(10);
    const before = snapshot();
    expect(() =>
      recordOrders(database.db, (recorder) => {
        for (let number = 0; number < BULK_SIZED_RECORDING; number++) recorder.record(order(1000 + number));
        throw new Error("simulated failure after a bulk load started");
      }, { delivery: SEEDED_DELIVERY }),
    ).toThrow("simulated failure");
    expect(snapshot()).toEqual(before);
  });

  test("a dry run of a bulk-sized recording reports the work and writes nothing", () => {
    const before = snapshot();
    const { summary } = recordOrders(
      database.db,
      (recorder) => {
        for (let number = 0; number < BULK_SIZED_RECORDING; number++) recorder.record(order(number));
      },
      { dryRun: true, delivery: SEEDED_DELIVERY },
    );
    expect(summary.ordersCreated).toBe(BULK_SIZED_RECORDING);
    expect(snapshot()).toEqual(before);
  });

  test("a prepared order is recorded as the same order unprepared would be", () => {
    recordOrders(database.db, (recorder) => recorder.recordPrepared(prepareOrder(order(1))), { delivery: SEEDED_DELIVERY });
    const { summary } = recordOrders(database.db, (recorder) => recorder.record(order(1)), { delivery: SEEDED_DELIVERY });
    expect(summary).toMatchObject({ ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 1 });
    const [stored] = query<{ raw: string }>("SELECT raw FROM orders");
    const { shipTo, items, totalCents, details } = order(1);
    expect(stored!.raw).toBe(JSON.stringify({ shipTo, items, orderTotalCents: totalCents, details }));
  });

  test("each order's lines and the products' last names are what its stored JSON lists, after inserts and updates", () => {
    const itemsOf = (number: number) => [
      { sku: ` CUP-${number % 4} `, name: `Cup ${number % 4} v${number}`, quantity: 1 + (number % 3), unitPriceCents: 150 * (number % 5) },
      { name: "A line without a SKU" },
      { sku: "STRIP", quantity: number % 2 === 0 ? undefined : 0 },
      { sku: "   " },
    ];
    const withItems = (number: number, items: IncomingOrder["items"]) => ({ ...order(number), items });
    recordOrders(database.db, (recorder) => {
      for (let number = 0; number < 40; number++) recorder.record(withItems(number, itemsOf(number)));
    }, { delivery: SEEDED_DELIVERY });
    // Again, some with other items (their lines replaced), some as they were, some new.
    recordOrders(database.db, (recorder) => {
      for (let number = 20; number < 60; number++) recorder.record(withItems(number, number < 30 ? itemsOf(number) : [{ sku: "KIT", name: "Kit", quantity: 2, unitPriceCents: 999 }]));
    }, { delivery: SEEDED_DELIVERY });
    // Read out of orders.raw in SQL, as the triggers before the writer did.
    const fromRaw = query(
      `SELECT orders.id AS order_id, item.key AS line, trim(item.value ->> 'sku') AS sku, coalesce(item.value ->> 'quantity', 1) AS quantity,
         coalesce(item.value ->> 'quantity', 1) * coalesce(item.value ->> 'unitPriceCents', 0) AS revenue_cents
       FROM orders, json_each(orders.raw, '$.items') AS item WHERE trim(coalesce(item.value ->> 'sku', '')) <> '' ORDER BY 1, 2`,
    );
    expect(fromRaw.length).toBe(30 * 2 + 30);
    expect(query("SELECT order_id, line, sku, quantity, revenue_cents FROM order_lines ORDER BY 1, 2")).toEqual(fromRaw);
    // The last orders to list the cups were 36-39: 20-29 came again unchanged, and 30-39 came again as kits.
    expect(query("SELECT sku, name FROM product_names ORDER BY sku")).toEqual([
      { sku: "CUP-0", name: "Cup 0 v36" },
      { sku: "CUP-1", name: "Cup 1 v37" },
      { sku: "CUP-2", name: "Cup 2 v38" },
      { sku: "CUP-3", name: "Cup 3 v39" },
      { sku: "KIT", name: "Kit" },
    ]);
  });
});
