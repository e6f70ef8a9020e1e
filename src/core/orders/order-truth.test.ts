import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { NOT_COUNTED_ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "../../contracts/orders.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import { readSalesSummary } from "../analytics/sales-figures.ts";
import { runCsvImport } from "../import/csv-import-run.ts";
import { recentImportRuns } from "../import/import-history.ts";
import { recordShipStationOrders, type ShipStationOrder } from "../shipstation/shipstation-order.ts";
import { addDays, businessToday } from "../time/business-calendar.ts";
import { calendarDateInZone } from "../time/wall-clock.ts";

setDefaultTimeout(60_000);

/**
 * A business's first day, recounted by hand: a CSV history with cancelled orders, two stores that share
 * order numbers and multi-line orders is imported, then the API backfills the last 90 days (the same
 * orders, some with a new status). Every account and every analytics figure must equal a recount of the
 * distinct orders that count.
 */
describe("order truth: one order however it arrives, and only orders that count in figures", () => {
  let dir: TemporaryDirectory;
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    dir = temporaryDirectory("crm-order-truth-");
    database = temporaryDatabase();
  });
  afterEach(() => {
    database.dispose();
    dir.dispose();
  });

  test("a CSV history, then a backfill of the same orders with new statuses, equals the recount", async () => {
    const history = generateHistory(42);
    await importCsv(history);
    expectAccountsToMatch(history);

    // The backfill: the API sends the last 90 days again, with its ids; some orders changed status since.
    const recentFrom = addDays(businessToday(NOW), -90);
    const backfilled = history
      .filter((order) => dayOf(order.placedAt) >= recentFrom)
      .map((order, index) => ({ ...order, status: index % 9 === 0 ? ("cancelled" as const) : index % 9 === 1 ? ("shipped" as const) : order.status }));
    expect(backfilled.length).toBeGreaterThan(30);
    const summary = recordShipStationOrders(database.db, backfilled.map(apiOrderOf), "backfill");
    expect(summary.ordersCreated).toBe(0);
    expect(summary.customersChanged).toBe(0);
    const current = history.map((order) => backfilled.find((sent) => sent.key === order.key) ?? order);
    expectAccountsToMatch(current);
    expectAnalyticsToMatch(current);

    // One row per order, however many routes delivered it, each route remembered.
    const rows = database.sqlite.query<{ orders: number; api: number }, []>("SELECT count(*) AS orders, count(shipstation_order_id) AS api FROM orders").get()!;
    expect(rows).toEqual({ orders: history.length, api: backfilled.length });
    const routes = database.sqlite.query<{ routes: string }, []>("SELECT group_concat(route) AS routes FROM order_deliveries GROUP BY order_id HAVING count(*) > 1").all();
    expect(routes.length).toBe(backfilled.length);

    // Each status change is on its account's timeline.
    const changed = backfilled.filter((order) => order.status !== history.find((before) => before.key === order.key)!.status);
    expect(changed.length).toBeGreaterThan(0);
    const entries = database.sqlite.query<{ summary: string }, []>("SELECT summary FROM activities WHERE kind = 'order_status_changed'").all().map((row) => row.summary);
    expect(entries).toHaveLength(changed.length);
    const sample = changed[0]!;
    const before = history.find((order) => order.key === sample.key)!;
    expect(entries).toContain(`Order #${sample.number}: ${before.status ? ORDER_STATUS_LABELS[before.status] : "no status"} → ${ORDER_STATUS_LABELS[sample.status!]}`);

    // The export again, older than the API's word: the orders it shares with the backfill take its statuses
    // back (the last delivery is what the order says), but where the export names no status, the API's
    // stands; and still no order is doubled.
    await importCsv(history);
    expectAccountsToMatch(history.map((order) => (order.status === null ? (backfilled.find((sent) => sent.key === order.key) ?? order) : order)));
    expect(database.sqlite.query<{ orders: number }, []>("SELECT count(*) AS orders FROM orders").get()!.orders).toBe(history.length);
  });

  test("another store's export with the same numbers adds its orders; a known order naming another customer moves, and the import says so", async () => {
    const history = generateHistory(7);
    await importCsv(history);
    const main = history.filter((order) => order.store === MAIN_STORE);
    // A marketplace reusing the main store's numbers, for customers of its own.
    const marketplace = main.slice(0, 20).map((order, index): HistoryOrder => ({ ...order, key: `m-${index}`, store: "Amazon Store", email: `buyer${index}@marketplace-mail.com` }));
    const result = await importCsv(marketplace);
    expect(result.results.ordersCreated).toBe(20);
    expect(result.results.customersChanged).toBe(0);
    expectAccountsToMatch([...history, ...marketplace]);

    // The main store's export again, where one order now names another customer.
    const moved = main[3]!;
    const again = history.map((order) => (order === moved ? { ...order, email: "new.owner@riverside-clinic.com" } : order));
    const changedResult = await importCsv(again);
    expect(changedResult.results.customersChanged).toBe(1);
    expect(changedResult.results.customerChanges).toEqual([{ orderNumber: moved.number, store: MAIN_STORE, from: moved.email, to: "new.owner@riverside-clinic.com" }]);
    expect(changedResult.message).toContain("1 order moved to another customer");
    expect(recentImportRuns(database.db, 1)[0]).toMatchObject({ customersChanged: 1, customerChanges: changedResult.results.customerChanges });
    expectAccountsToMatch([...again, ...marketplace]);
    const timeline = database.sqlite.query<{ summary: string }, []>("SELECT summary FROM activities WHERE kind = 'order_customer_changed' ORDER BY id").all();
    expect(timeline.map((row) => row.summary)).toEqual([
      `Order #${moved.number} now names another customer (new.owner@riverside-clinic.com) and moved to that account`,
      `Order #${moved.number} moved here from ${moved.email}, the customer it named before`,
    ]);
  });

  async function importCsv(orders: HistoryOrder[]) {
    const file = path.join(dir.path, `orders-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, csvOf(orders));
    const outcome = await runCsvImport(database.db, [{ path: file }], { timeZone: "America/New_York" });
    expect(outcome.state).toBe("completed");
    return outcome.result;
  }

  /** Every account's figures against the recount of the distinct orders that count. */
  function expectAccountsToMatch(orders: HistoryOrder[]) {
    const expected = new Map<string, { orderCount: number; totalCents: number; first: number | null; last: number | null }>();
    for (const order of orders) {
      const figures = expected.get(order.email) ?? { orderCount: 0, totalCents: 0, first: null, last: null };
      expected.set(order.email, figures);
      if (!counts(order)) continue;
      figures.orderCount++;
      figures.totalCents += order.totalCents;
      figures.first = Math.min(figures.first ?? Infinity, order.placedAt.getTime());
      figures.last = Math.max(figures.last ?? -Infinity, order.placedAt.getTime());
    }
    const stored = database.sqlite
      .query<{ email: string; orderCount: number; totalCents: number; first: number | null; last: number | null }, []>(
        "SELECT email, order_count AS orderCount, total_order_cents AS totalCents, first_order_at AS first, last_order_at AS last FROM accounts",
      )
      .all();
    expect(new Map(stored.map(({ email, ...figures }) => [email, figures]))).toEqual(expected);
  }

  function expectAnalyticsToMatch(orders: HistoryOrder[]) {
    const to = businessToday(NOW);
    for (const from of [addDays(to, -29), addDays(to, -364), "2024-01-01"]) {
      const inRange = orders.filter((order) => counts(order) && dayOf(order.placedAt) >= from && dayOf(order.placedAt) <= to);
      const summary = readSalesSummary(database.db, { from, to }, NOW);
      expect({ orders: summary.orders, revenue: summary.revenue, customers: summary.customers }).toEqual({
        orders: inRange.length,
        revenue: inRange.reduce((sum, order) => sum + order.totalCents, 0) / 100,
        customers: new Set(inRange.map((order) => order.email)).size,
      });
    }
  }
});

/** A fixed day, so that which orders the backfill covers, and so what the test meets, never changes with the date it runs. */
const NOW = new Date("2026-11-27T17:00:00Z");
const MAIN_STORE = "Supply Direct Store";
const HEADER = ["Order - Number", "Order - Status", "Date - Order Date", "Customer Email", "Ship To - Company", "Amount - Order Total", "Item - SKU", "Item - Name", "Item - Qty", "Item - Price", "Market - Store Name"];

interface HistoryOrder {
  /** The test's own name for the order, across deliveries. */
  key: string;
  number: string;
  store: string;
  email: string;
  placedAt: Date;
  status: OrderStatus | null;
  totalCents: number;
  lines: { sku: string; quantity: number; priceCents: number }[];
}

const counts = (order: HistoryOrder) => order.status === null || !(NOT_COUNTED_ORDER_STATUSES as readonly string[]).includes(order.status);
const dayOf = (instant: Date) => calendarDateInZone(instant, "America/New_York");

/** Two years of orders for 40 customers: some cancelled or rejected, some on hold, some with several lines. */
function generateHistory(seed: number): HistoryOrder[] {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const statuses: (OrderStatus | null)[] = ["shipped", "shipped", "shipped", "shipped", "cancelled", "awaiting_shipment", "on_hold", "rejected_fulfillment", null];
  const orders: HistoryOrder[] = [];
  for (let number = 1; number <= 400; number++) {
    const daysAgo = Math.floor(random() * 730);
    // Whole seconds, as an export writes them; noon in New York give or take, never near midnight.
    const placedAt = new Date(Math.floor((NOW.getTime() - daysAgo * 86_400_000) / 1000) * 1000);
    placedAt.setUTCHours(15 + Math.floor(random() * 6), Math.floor(random() * 60), 0, 0);
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, line) => ({ sku: `SKU-${line + Math.floor(random() * 5)}`, quantity: 1 + Math.floor(random() * 4), priceCents: 500 + Math.floor(random() * 10_000) }));
    orders.push({
      key: `o-${number}`,
      number: `SO-${1000 + number}`,
      store: MAIN_STORE,
      email: `customer${Math.floor(random() * 40)}@clinic${seed}.com`,
      placedAt,
      status: statuses[Math.floor(random() * statuses.length)]!,
      totalCents: lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0),
      lines,
    });
  }
  return orders.sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
}

/** The export: a row per line, the order's columns repeated; times as New York wall clock. */
function csvOf(orders: HistoryOrder[]): string {
  const rows = [HEADER.join(",")];
  for (const order of orders) {
    const [date, time] = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "medium" }).format(order.placedAt).split(", ");
    const [month, day, year] = date!.split("/");
    for (const line of order.lines) {
      rows.push(
        [order.number, order.status === null ? "" : ORDER_STATUS_LABELS[order.status], `${month}/${day}/20${year} ${time}`, order.email, "Clinic", (order.totalCents / 100).toFixed(2), line.sku, `Product ${line.sku}`, line.quantity, (line.priceCents / 100).toFixed(2), order.store]
          .map((cell) => String(cell).replace(/\u202f/g, " "))
          .join(","),
      );
    }
  }
  return rows.join("\n") + "\n";
}

/** The same order as ShipStation's API v1 sends it: its own id, times in Pacific wall clock. */
function apiOrderOf(order: HistoryOrder): ShipStationOrder {
  const pacific = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Los_Angeles", dateStyle: "short", timeStyle: "medium" }).format(order.placedAt).replace(" ", "T");
  return {
    orderId: 90_000 + Number(order.number.slice(3)),
    orderNumber: order.number,
    orderDate: `${pacific}.0000000`,
    orderStatus: order.status,
    customerEmail: order.email,
    shipTo: { company: "Clinic" },
    items: order.lines.map((line) => ({ sku: line.sku, name: `Product ${line.sku}`, quantity: line.quantity, unitPrice: line.priceCents / 100 })),
    orderTotal: order.totalCents / 100,
  };
}
