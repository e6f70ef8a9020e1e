import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { SHIPSTATION_EXPORT_COLUMNS } from "./shipstation-csv.ts";
import { writeDemoShipStationExport, type DemoExportSummary } from "./shipstation-file.ts";
import { MAIN_STORE, MARKETPLACE_STORE } from "./stores.ts";
import { useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

describe("a demo export's stores and statuses", () => {
  const endDate = "2026-11-15";
  const dir = useTemporaryDirectoryForAll("crm-demo-stores-");
  let summary: DemoExportSummary;
  let header: string[];
  let orders: ExportOrder[];

  beforeAll(() => {
    const out = path.join(dir.path, "orders.csv");
    summary = writeDemoShipStationExport({ rows: 30_000, out, seed: 3, endDate: new Date(endDate) });
    const parsed = Papa.parse<Record<string, string>>(readFileSync(out, "utf8"), { header: true, skipEmptyLines: true });
    header = parsed.meta.fields!;
    orders = consecutiveOrders(parsed.data);
  });

  const ofStore = (store: string) => orders.filter((order) => order.store === store);

  test("has ShipStation's store column, naming the main store on most orders and the marketplace on 5-8%, the orders that came through it", () => {
    expect(header).toEqual([...SHIPSTATION_EXPORT_COLUMNS]);
    expect(header).toContain("Market - Store Name");
    expect(new Set(orders.map((order) => order.store))).toEqual(new Set([MAIN_STORE, MARKETPLACE_STORE]));
    const marketplaceShare = ofStore(MARKETPLACE_STORE).length / orders.length;
    expect(marketplaceShare).toBeGreaterThanOrEqual(0.05);
    expect(marketplaceShare).toBeLessThanOrEqual(0.08);
    for (const order of orders) expect(order.source === "amazon").toBe(order.store === MARKETPLACE_STORE);
    expect(summary.orders).toBe(orders.length);
    expect(summary.ordersByStore).toEqual({ [MAIN_STORE]: ofStore(MAIN_STORE).length, [MARKETPLACE_STORE]: ofStore(MARKETPLACE_STORE).length });
  });

  test("keeps each order's rows together, and each number once per store", () => {
    const keys = orders.map((order) => `${order.store}|${order.number}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("has the marketplace reuse the main store's numbers, for other customers, never on the order next to their namesake", () => {
    const mainByNumber = new Map(ofStore(MAIN_STORE).map((order) => [order.number, order]));
    const shared = ofStore(MARKETPLACE_STORE).filter((order) => mainByNumber.has(order.number));
    // All but the first few, placed before the main store had a number to reuse.
    expect(shared.length).toBeGreaterThanOrEqual(ofStore(MARKETPLACE_STORE).length - 5);
    expect(summary.ordersSharingNumber).toBe(2 * shared.length);
    for (const marketplaceOrder of shared) {
      const mainOrder = mainByNumber.get(marketplaceOrder.number)!;
      expect(marketplaceOrder.emails.intersection(mainOrder.emails).size).toBe(0);
      expect(marketplaceOrder.index - mainOrder.index).toBeGreaterThanOrEqual(2);
    }
    for (let index = 1; index < orders.length; index++) expect(orders[index]!.number).not.toBe(orders[index - 1]!.number);
    // Numbers from the same range: the marketplace's reach back a few weeks at most, not into another era.
    const mainNumbers = ofStore(MAIN_STORE).map((order) => numberOf(order.number));
    expect(Math.min(...shared.map((order) => numberOf(order.number)))).toBeGreaterThanOrEqual(Math.min(...mainNumbers));
    expect(Math.max(...shared.map((order) => numberOf(order.number)))).toBeLessThanOrEqual(Math.max(...mainNumbers));
  });

  test("writes ShipStation's statuses: recent orders awaiting shipment, older ones shipped, a few cancelled and very few Rejected Fulfillment", () => {
    const byStatus = Map.groupBy(orders, (order) => order.status);
    expect(new Set(byStatus.keys())).toEqual(new Set(["Shipped", "Awaiting Shipment", "On Hold", "Cancelled", "Rejected Fulfillment"]));
    const rejected = byStatus.get("Rejected Fulfillment")!;
    expect(rejected.length / orders.length).toBeGreaterThanOrEqual(0.0005);
    expect(rejected.length / orders.length).toBeLessThanOrEqual(0.005);
    expect(byStatus.get("Cancelled")!.length / orders.length).toBeGreaterThanOrEqual(0.01);
    expect(byStatus.get("Cancelled")!.length / orders.length).toBeLessThanOrEqual(0.04);
    expect(summary.cancelledOrders).toBe(byStatus.get("Cancelled")!.length);
    expect(summary.rejectedOrders).toBe(rejected.length);
    // Only orders that had days to be worked on are rejected.
    const lastDay = Date.parse(`${endDate}T00:00:00Z`);
    for (const order of rejected) if (!Number.isNaN(order.day)) expect(lastDay - order.day).toBeGreaterThan(3 * 86_400_000);
  });
});

interface ExportOrder {
  /** Its place among the file's orders. */
  index: number;
  number: string;
  store: string;
  status: string;
  source: string;
  /** The readable e-mails on its rows (a deliberately bad row may carry another or none). */
  emails: Set<string>;
  /** The UTC midnight of its order date, from its first row with a readable one. */
  day: number;
}

/** The file's orders as a reader grouping consecutive rows of one number and store sees them. */
function consecutiveOrders(rows: Record<string, string>[]): ExportOrder[] {
  const orders: ExportOrder[] = [];
  for (const row of rows) {
    const [number, store, email] = [row["Order - Number"]!, row["Market - Store Name"]!, row["Customer Email"]!];
    let order = orders.at(-1);
    if (order === undefined || order.number !== number || order.store !== store) {
      order = { index: orders.length, number, store, status: row["Order - Status"]!, source: row.Source!, emails: new Set(), day: Number.NaN };
      orders.push(order);
    }
    if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) order.emails.add(email);
    if (Number.isNaN(order.day)) order.day = readableDay(row["Date - Order Date"]!);
  }
  return orders;
}

/** The UTC midnight of ShipStation's "M/D/YYYY h:mm:ss AM", or NaN for a date that does not exist. */
function readableDay(text: string): number {
  const [month = 0, day = 0, year = 0] = text.split(" ")[0]!.split("/").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : Number.NaN;
}

function numberOf(orderNumber: string): number {
  return Number(orderNumber.replace(/\D/g, ""));
}
