import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { exportCsv } from "../../testing/shipstation-csv.ts";
import { standInOrder } from "../../testing/shipstation-stand-in.ts";
import { standInShipment } from "../../testing/shipstation-v2-stand-in.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";
import { runCsvImport } from "../import/csv-import-run.ts";
import { countUnmatchedOrders } from "../orders/unmatched-orders.ts";
import { writeSetting } from "../settings/settings.ts";
import { recordShipStationIncoming, recordShipStationOrders } from "./shipstation-order.ts";
import { knownStoreNames } from "./shipstation-stores.ts";
import { incomingOrderFromV2Shipment } from "./v2-shipment.ts";

const STORES = new Map([[26815, "Supply Direct Store"]]);

describe("a V2 shipment as an order", () => {
  test("maps its number, key, creation, ship-to, items and amounts in cents, with no ShipStation order id", () => {
    const shipment = standInShipment(1042, {
      created_at: "2026-11-20T15:04:05.000Z",
      modified_at: "2026-11-21T09:00:00Z",
      shipment_status: "label_purchased",
      ship_to: { name: " Ann Lee ", company_name: "Riverside Clinic", address_line1: "1 Main St", city_locality: "Albany", state_province: "NY", postal_code: "12207", country_code: "US", phone: "518-555-0100", email: " Ann@Riverside.ORG " },
      items: [{ sku: "GLV-1", name: "Gloves", quantity: 3, unit_price: { currency: "usd", amount: 12.345 } }],
      amount_paid: { currency: "usd", amount: 49.99 },
      shipping_paid: { currency: "usd", amount: 7.5 },
      tax_paid: { currency: "usd", amount: 3.1 },
    });
    expect(incomingOrderFromV2Shipment(shipment, STORES)).toEqual({
      source: "shipstation",
      externalId: "se-1042",
      orderNumber: "SS-1042",
      store: "Supply Direct Store",
      shipstationOrderId: null,
      status: "shipped",
      customerEmail: "ann@riverside.org",
      placedAt: new Date("2026-11-20T15:04:05.000Z"),
      placedAtIsCreation: true,
      totalCents: 4999,
      shipTo: { name: "Ann Lee", company: "Riverside Clinic", street1: "1 Main St", city: "Albany", state: "NY", postalCode: "12207", country: "US", phone: "518-555-0100" },
      items: [{ sku: "GLV-1", name: "Gloves", quantity: 3, unitPriceCents: 1235 }],
      details: {
        apiGeneration: "V2",
        shipmentId: "se-1042",
        shipmentStatus: "label_purchased",
        createdAt: "2026-11-20T15:04:05.000Z",
        modifiedAt: "2026-11-21T09:00:00Z",
        orderKey: "order-key-1042",
        shippingAmount: "7.50",
        taxAmount: "3.10",
        storeId: "26815",
      },
    });
  });

  test("each shipment status is an order status; a cancelled one counts for nothing, an unknown one says nothing", () => {
    const status = (shipment_status: string | null) => incomingOrderFromV2Shipment(standInShipment(1, { shipment_status }), STORES)!.status;
    expect([status("pending"), status("processing"), status("label_purchased"), status("cancelled"), status("on_the_moon"), status(null)]).toEqual([
      "awaiting_shipment",
      "awaiting_shipment",
      "shipped",
      "cancelled",
      null,
      null,
    ]);
  });

  test("what V2 may leave out stays unknown: the e-mail, the total, the store; without a creation time it is no order", () => {
    const bare = incomingOrderFromV2Shipment({ shipment_id: "se-9", shipment_number: "9", created_at: "2026-11-20T15:04:05Z", ship_to: { name: "Bo", email: null } }, STORES)!;
    expect(bare).toMatchObject({ customerEmail: null, totalCents: null, store: null, items: [], shipTo: { name: "Bo" } });
    expect(incomingOrderFromV2Shipment(standInShipment(9, { store_id: 77 }), STORES)!.store).toBeNull();
    expect(incomingOrderFromV2Shipment(standInShipment(9, { created_at: null }), STORES)).toBeNull();
  });
});

describe("one order however each API generation and the export deliver it", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let dir: TemporaryDirectory;
  beforeEach(() => {
    database = temporaryDatabase();
    dir = temporaryDirectory("crm-v2-identity-");
  });
  afterEach(() => {
    database.dispose();
    dir.dispose();
  });
  const rows = () => database.sqlite.query("SELECT external_id AS externalId, order_number AS orderNumber, store, shipstation_order_id AS shipstationOrderId, status FROM orders").all();

  test("V1, then V2, then a CSV export of the same order make one row, with V1's id and the latest status", async () => {
    writeSetting(database.db, "shipstationStoreNames", JSON.stringify([[26815, "Supply Direct Store"]]));
    const email = "buyer@riverside.org";
    recordShipStationOrders(database.db, [standInOrder(555, { orderNumber: "SO-1042", customerEmail: email, orderStatus: "awaiting_shipment", advancedOptions: { storeId: 26815 } })], "backfill", knownStoreNames(database.db));
    const v2 = incomingOrderFromV2Shipment(standInShipment(98_765, { shipment_number: "SO-1042", shipment_status: "label_purchased", ship_to: { email } }), knownStoreNames(database.db));
    expect(recordShipStationIncoming(database.db, [v2], "webhook")).toMatchObject({ ordersCreated: 0, ordersUpdated: 1 });
    const file = path.join(dir.path, "export.csv");
    writeFileSync(
      file,
      exportCsv([{ "Order - Number": "SO-1042", "Date - Order Date": "11/20/2026 10:00:00 AM", "Customer Email": email, "Amount - Order Total": "120.00", "Item - SKU": "ABC123", "Item - Qty": "2", "Order - Status": "Shipped", "Market - Store Name": "Supply Direct Store" }]),
    );
    expect((await runCsvImport(database.db, [{ path: file }], { timeZone: "America/New_York" })).state).toBe("completed");
    expect(rows()).toEqual([{ externalId: "555", orderNumber: "SO-1042", store: "Supply Direct Store", shipstationOrderId: 555, status: "shipped" }]);
    expect(database.sqlite.query("SELECT order_count AS orders FROM accounts").all()).toEqual([{ orders: 1 }]);
  });

  test("V2 bringing an order V1 stored keeps the order's own date and total, which V2 does not know, and updates its status", () => {
    const email = "buyer@riverside.org";
    const placed = standInOrder(555, { orderNumber: "SO-1042", customerEmail: email, orderDate: "2026-11-18T09:30:00.0000000", orderTotal: 120, advancedOptions: { storeId: 26815 } });
    recordShipStationOrders(database.db, [placed], "backfill", STORES);
    const stored = () => database.sqlite.query("SELECT placed_at AS placedAt, total_cents AS totalCents, status FROM orders").get() as { placedAt: number; totalCents: number; status: string };
    const before = stored();
    const shipment = standInShipment(98_765, { shipment_number: "SO-1042", created_at: "2026-11-20T15:04:05Z", shipment_status: "label_purchased", amount_paid: null, ship_to: { email } });
    expect(recordShipStationIncoming(database.db, [incomingOrderFromV2Shipment(shipment, STORES)], "webhook")).toMatchObject({ ordersUpdated: 1 });
    expect(stored()).toEqual({ placedAt: before.placedAt, totalCents: 12_000, status: "shipped" });
    expect(database.sqlite.query("SELECT total_order_cents AS total FROM accounts").get()).toEqual({ total: 12_000 });
  });

  test("V2 first, its store unknown, is found again by V2 and by the export of the same customer", async () => {
    const email = "lab@clinic.org";
    const shipment = standInShipment(7, { shipment_number: "SO-7", store_id: null, ship_to: { email } });
    recordShipStationIncoming(database.db, [incomingOrderFromV2Shipment(shipment, new Map())], "webhook");
    expect(recordShipStationIncoming(database.db, [incomingOrderFromV2Shipment({ ...shipment, shipment_status: "cancelled" }, new Map())], "backfill")).toMatchObject({ ordersCreated: 0, ordersUpdated: 1 });
    const file = path.join(dir.path, "export.csv");
    writeFileSync(file, exportCsv([{ "Order - Number": "SO-7", "Date - Order Date": "11/20/2026 10:00:00 AM", "Customer Email": email, "Amount - Order Total": "10.00", "Market - Store Name": "Supply Direct Store" }]));
    expect((await runCsvImport(database.db, [{ path: file }], { timeZone: "America/New_York" })).state).toBe("completed");
    expect(rows()).toEqual([{ externalId: "se-7", orderNumber: "SO-7", store: "Supply Direct Store", shipstationOrderId: null, status: "cancelled" }]);
  });

  test("a shipment without an e-mail waits among the unmatched orders, and V1's delivery of it naming the customer matches it", () => {
    const withoutEmail = incomingOrderFromV2Shipment(standInShipment(8, { shipment_number: "SO-8", ship_to: { name: "No Mail" } }), STORES);
    expect(recordShipStationIncoming(database.db, [withoutEmail], "webhook")).toMatchObject({ ordersCreated: 0, ordersUnmatched: 1 });
    expect(countUnmatchedOrders(database.db)).toBe(1);
    expect(rows()).toEqual([]);
    const named = standInOrder(555, { orderNumber: "SO-8", customerEmail: "buyer@riverside.org", advancedOptions: { storeId: 26815 } });
    expect(recordShipStationOrders(database.db, [named], "backfill", STORES)).toMatchObject({ ordersMatched: 1 });
    expect(countUnmatchedOrders(database.db)).toBe(0);
    expect(database.sqlite.query("SELECT email, order_count AS orders FROM accounts").all()).toEqual([{ email: "buyer@riverside.org", orders: 1 }]);
  });
});
