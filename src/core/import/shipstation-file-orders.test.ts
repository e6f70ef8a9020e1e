import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import { DomainError } from "../errors.ts";
import type { IncomingOrder, OrderItem, ShipToAddress, StoredOrderRaw } from "../orders/incoming-order.ts";
import { parseOrderStatus } from "../orders/order-status.ts";
import { linesOf, prepareOrder, type PreparedOrder } from "../orders/prepared-order.ts";
import { readCsvFile } from "./csv-file-reader.ts";
import { ShipStationFileOrders, SHIP_TO_COLUMNS } from "./shipstation-file-orders.ts";
import { parseMoneyToCents } from "../money/money.ts";
import { mapOrderColumns, type ColumnMap, type OrderColumn } from "./order-columns.ts";
import { parseShipStationDate } from "../time/shipstation-date.ts";
import { UnreadableValueError } from "../unreadable-value.ts";
import { SeededRandom } from "../../tools/demo-data/random.ts";
import { useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

const TIME_ZONE = "America/Chicago";
const REPO = path.resolve(import.meta.dir, "../../..");

const dir = useTemporaryDirectoryForAll("crm-export-orders-");
let fileCount = 0;

function file(content: string | Uint8Array): string {
  const filePath = path.join(dir.path, `export-${++fileCount}.csv`);
  writeFileSync(filePath, content);
  return filePath;
}

// ---------------------------------------------------------------------------------------------------------
// What ShipStationFileOrders gives, read as order-reader.ts reads a file.

/** A PreparedOrder copied out of the sink call, its raw JSON as text. */
type ReadOrder = Omit<PreparedOrder, "raw"> & { rawText: string };

interface ReadExport {
  orders: ReadOrder[];
  rowErrors: { line: number; reason: string }[];
}

function readExport(filePath: string, timeZone = TIME_ZONE, columnMap?: ColumnMap): ReadExport {
  const result: ReadExport = { orders: [], rowErrors: [] };
  const decoder = new TextDecoder();
  const orders = new ShipStationFileOrders(timeZone, columnMap, {
    order: (order) => {
      const { raw, ...rest } = order;
      result.orders.push({ ...rest, customer: { ...order.customer }, rawText: decoder.decode(raw) });
    },
    rowError: (line, reason) => result.rowErrors.push({ line, reason }),
  });
  readCsvFile(filePath, {
    header: (fields) => orders.useHeader(fields),
    row: (row) => orders.readRow(row),
  });
  orders.finish();
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// What the same rows mean, worked out independently from papaparse's reading of the file.

interface ExpectedOrder {
  incoming: IncomingOrder;
  /** What the sink should receive. */
  read: ReadOrder;
}

interface ExpectedExport {
  orders: ExpectedOrder[];
  rowErrors: { line: number; reason: string }[];
}

function expectedExport(bytes: Uint8Array, delimiter: string, timeZone = TIME_ZONE): ExpectedExport {
  const text = new TextDecoder().decode(bytes);
  const newline = text.includes("\r\n") ? "\r\n" : text.includes("\n") ? "\n" : "\r";
  let nextLine = 1;
  const rows = Papa.parse<string[]>(text, { delimiter, newline })
    .data.map((fields) => {
      const line = nextLine;
      nextLine += 1 + fields.join("").split(newline === "\r" ? "\r" : "\n").length - 1;
      return { fields, line };
    })
    .filter(({ fields }) => !fields.every((field) => field.trim() === ""));
  const [header, ...dataRows] = rows;
  const mapping = mapOrderColumns(header!.fields);
  const cellOf = (fields: string[], index: number | undefined) => (index === undefined ? "" : (fields[index] ?? "").trim());

  const result: ExpectedExport = { orders: [], rowErrors: [] };
  let pending: IncomingOrder | undefined;
  const flush = () => {
    if (pending) result.orders.push(expectedOrder(pending));
    pending = undefined;
  };
  for (const { fields, line } of dataRows) {
    const cell = (column: OrderColumn) => cellOf(fields, mapping.indexOf[column]);
    try {
      const emailText = cell("customerEmail");
      if (!emailText) throw new UnreadableValueError("missing customer e-mail");
      const customerEmail = normalizeCustomerEmail(emailText);
      if (!customerEmail) throw new UnreadableValueError(`invalid customer e-mail "${emailText}"`);
      const placedAt = parseShipStationDate(cell("orderDate"), timeZone);
      if (!placedAt) throw new UnreadableValueError("missing order date");
      const orderNumber = cell("orderNumber") || null;
      const totalCents = parseMoneyToCents(cell("orderTotal"));
      let item: OrderItem | undefined;
      if (cell("itemSku") || cell("itemName") || cell("itemQty") || cell("itemPrice")) {
        item = {};
        if (cell("itemSku")) item.sku = cell("itemSku");
        if (cell("itemName")) item.name = cell("itemName");
        if (cell("itemQty")) item.quantity = parseQuantity(cell("itemQty"));
        const unitPriceCents = parseMoneyToCents(cell("itemPrice"));
        if (unitPriceCents !== null) item.unitPriceCents = unitPriceCents;
      }
      const externalId = orderNumber ?? `row:${Bun.hash(fields.join("\u001f")).toString(36)}`;
      const store = cell("store") || null;
      // Rows of one order follow each other and share its number, customer and store.
      if (pending && pending.externalId === externalId && pending.customerEmail === customerEmail && pending.store === store) {
        // A later row of the order adds its item; everything else comes from the order's first row.
        if (item) pending.items.push(item);
        continue;
      }
      flush();
      const shipTo: ShipToAddress = {};
      for (const [key, column] of SHIP_TO_COLUMNS) if (cell(column)) shipTo[key] = cell(column);
      const details: Record<string, string> = {};
      for (const { index, header: name } of mapping.otherColumns) {
        const value = cellOf(fields, index);
        if (value) details[name] = value;
      }
      const status = parseOrderStatus(cell("orderStatus"));
      pending = { source: "csv", externalId, orderNumber, store, shipstationOrderId: null, status, customerEmail, placedAt, totalCents, shipTo, items: item ? [item] : [], details };
    } catch (error) {
      if (!(error instanceof UnreadableValueError)) throw error;
      result.rowErrors.push({ line, reason: error.message });
    }
  }
  flush();
  return result;
}

function parseQuantity(text: string): number {
  const quantity = Number(text.replaceAll(",", ""));
  if (!Number.isInteger(quantity) || quantity < 0) throw new UnreadableValueError(`unreadable quantity "${text}"`);
  return quantity;
}

function expectedOrder(incoming: IncomingOrder): ExpectedOrder {
  const stored: StoredOrderRaw = { shipTo: incoming.shipTo, items: incoming.items, orderTotalCents: incoming.totalCents, details: incoming.details };
  const rawText = JSON.stringify(stored);
  const placedAtMs = incoming.placedAt.getTime();
  return {
    incoming,
    read: {
      source: "csv",
      externalId: incoming.externalId,
      orderNumber: incoming.orderNumber,
      store: incoming.store,
      shipstationOrderId: null,
      status: incoming.status,
      customerEmail: incoming.customerEmail ?? "",
      placedAtMs,
      totalCents: incoming.totalCents,
      rawText,
      contentHash: Bun.hash(`${incoming.customerEmail}\0${incoming.orderNumber ?? ""}\0${placedAtMs}\0${rawText}`).toString(36),
      customer: { company: incoming.shipTo.company, name: incoming.shipTo.name, phone: incoming.shipTo.phone },
      lines: linesOf(incoming.items),
    },
  };
}

/** The first order where the two lists differ, or undefined when they are equal. */
function firstDifference<T>(actual: T[], expected: T[]): { index: number; actual: T | undefined; expected: T | undefined } | undefined {
  for (let index = 0; index < Math.max(actual.length, expected.length); index++) {
    if (!Bun.deepEquals(actual[index], expected[index])) return { index, actual: actual[index], expected: expected[index] };
  }
  return undefined;
}

/** Reads the file both ways and checks every order, byte for byte, and every skipped row. */
function expectOrdersAsTheRowsMean(bytes: Uint8Array, delimiter: string, timeZone = TIME_ZONE): ReadExport {
  const actual = readExport(file(bytes), timeZone);
  const expected = expectedExport(bytes, delimiter, timeZone);
  expect(actual.rowErrors).toEqual(expected.rowErrors);
  expect(firstDifference(actual.orders, expected.orders.map((order) => order.read))).toBeUndefined();
  // prepareOrder, which every other way in writes orders with, makes the same JSON and fingerprint of the same order.
  const prepared = expected.orders.map(({ incoming }) => {
    const order = prepareOrder(incoming);
    return { rawText: new TextDecoder().decode(order.raw), contentHash: order.contentHash };
  });
  expect(firstDifference(actual.orders.map(({ rawText, contentHash }) => ({ rawText, contentHash })), prepared)).toBeUndefined();
  return actual;
}

// ---------------------------------------------------------------------------------------------------------
// Files.

/** Writes rows as CSV: a cell is quoted when it holds the delimiter, a quote or a line break, or when `quoteAll`. */
function csv(rows: string[][], options: { delimiter?: string; newline?: string; bom?: boolean; quoteAll?: boolean } = {}): Buffer {
  const { delimiter = ",", newline = "\n", bom = false, quoteAll = false } = options;
  const cell = (value: string) =>
    quoteAll || value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return Buffer.from((bom ? "\uFEFF" : "") + rows.map((row) => row.map(cell).join(delimiter)).join(newline) + newline);
}

/** A fixture with a Customer Email column added at the end, made from its first cell: the fixtures have none. */
function withCustomerEmail(text: string): string {
  const lines = text.split(/\r?\n/);
  return lines
    .map((line, index) => {
      if (line.trim() === "") return line;
      if (index === 0) return `${line},Customer Email`;
      const first = Papa.parse<string[]>(line, { delimiter: "," }).data[0]![0]!;
      return `${line},${first.toLowerCase().replace(/[^a-z0-9]/g, "") || "anonymous"}@buyer.example.com`;
    })
    .join("\n");
}

/** Header and first rows of a real ShipStation grid export (/work/shared/fixtures/shipstation, see PROVENANCE.txt there). */
const GRID_EXPORT = `"Order #","Store","Age","Order Date","Item Name","Recipient","Ship Date","Quantity","Item SKU","Order Total","Shipping Paid","Rate","Service","Tags"
"576873346974126209","TikTok Shop US Store","2d 7h","02/01/2025","Alra Renewal Serum 30 ml.","[REDACTED]","02/03/2025","1","87-828","27.18","5.59","4.33","USPS Ground Advantage",""
"200012539705616","Walmart Store","2d 6h","02/01/2025","(3 Items)","[REDACTED]","02/03/2025","4","(3 Items)","15.99","0.00","9.20","USPS Priority Mail",""
"5581","Shopify Store","2d 3h","02/01/2025","Alra Mild Conditioning Shampoo 8 oz.","[REDACTED]","02/03/2025","3","87-516","51.85","7.00","9.20","USPS Priority Mail",""
"576873472523800773","TikTok Shop US Store","2d 1h","02/01/2025","(2 Items)","[REDACTED]","02/03/2025","2","(2 Items)","46.95","0.00","9.55","USPS Priority Mail",""
"PO-211-05088872369191298","Temu Store","0h","02/01/2025","Alra Mild Conditioning Shampoo 16 oz.","[REDACTED]","02/03/2025","1","87-515","30.98","2.99","9.55","USPS Priority Mail",""
`;

/** Every column of ShipStation's Export Orders (shipstation_orders_export_column_catalog.csv in the same place). */
const CATALOG_HEADER =
  "Order - Number,Order - Status,Order - CustomerID,Order - Pay Method,Date - Order Date,Date - Paid Date,Date - Shipped Date,Date - Hold Until,Customer Email,Username,Bill To - Name,Ship To - Name,Ship To - Company,Ship To - Address 1,Ship To - Address 2,Ship To - Address 3,Ship To - City,Ship To - State,Ship To - Postal Code,Ship To - Country,Ship To - Phone,Ship To - Residential Flag,Ship To - Verified Flag,Ship To - Zone,Amount - Order Subtotal,Amount - Order Shipping,Amount - Order Tax,Amount - Order Total,Amount - Paid by Customer,Amount - Shipping Cost,Amount - Ship Rate Quoted,Carrier - Carrier Selected,Carrier - Service Requested,Carrier - Service Selected,Count - Number of Items,Count - Number of Shipments,Custom - Field 1,Custom - Field 2,Custom - Field 3,Customs - Package Contents,Dimensions - Length,Dimensions - Width,Dimensions - Height,Gift - Flag,Gift - Message,Insurance - Cost,Insurance - Insured Value,Insurance - Provider,Market - Market Order URL,Market - Markeplace Name,Market - Store Name,Notes - From Buyer,Notes - Internal,Notes - To Buyer,Service - Confirmation Type,Service - Package Type,Source,Tags,Weight,Weight - TotalOz,Weight - WeightLbs,Weight - WeightOz,Item - SKU,Item - Name,Item - Qty,Item - Price,Item - Options,Item - Cost,Item - Cost Extended,Item - Fill SKU,Item - Image URL,Item - ISBN,Item - Location,Item - Origin Country Code,Item - UPC,Item - Weight,Item - Weight (oz),Item - Category,Date - Ship By Date";


const DATES = [
  "4/2/2026 10:39:21 AM",
  "9/6/2026 8:31",
  "02/01/2025",
  "12/31/2025 12:00 AM",
  "12/31/2025 12:00 PM",
  "4/2/2026 10:39:21 pm",
  "4/2/2026  10:39",
  "3/8/2026 2:30 AM",
  "11/1/2026 1:30 AM",
  "2026-04-02T10:39:21.3500000",
  "2026-04-02 10:39:21-04:00",
  " 7/4/2026 6:05:09 PM ",
];
const AMOUNTS = ["135.00", "0.00", "1234.56", " 19.95 ", "$1,234.56", "-5.00", "1.005", ".5", "7", "1,000.10", ""];
const TEXTS = ["plain", "Zoë O'Brien", 'say "hi"', "back\\slash", "tab\there", "  padded  ", "日本 東京", "😀 gift", "a, b; c", "ctrl\u0001", "line\nbreak", "", "", "Straße"];

/** Rows for the column catalog: orders of one to three item rows repeating their order's columns, now and then with a differing total. */
function catalogRows(seed: number, orderCount: number): string[][] {
  const random = new SeededRandom(seed);
  const header = CATALOG_HEADER.split(",");
  const rows: string[][] = [header];
  for (let order = 0; order < orderCount; order++) {
    const base = header.map((name): string => {
      if (name === "Order - Number") return random.chance(0.1) ? "" : `SO-${1000 + order}`;
      if (name === "Customer Email") return random.pick([`buyer${order % 7}@clinic.example.com`, ` Buyer${order % 7}@Clinic.Example.COM `, `<mailto:lab${order % 5}@lab.example.org>`]);
      if (name === "Date - Order Date") return random.pick(DATES);
      if (name.startsWith("Date - ")) return random.chance(0.5) ? random.pick(DATES) : "";
      if (name.startsWith("Amount - ")) return random.pick(AMOUNTS);
      if (name.startsWith("Ship To - ") || name.startsWith("Notes - ") || name.startsWith("Custom - ")) return random.pick(TEXTS);
      if (name.startsWith("Item - ")) return "";
      return random.chance(0.4) ? random.pick(TEXTS) : random.chance(0.5) ? `${random.integer(0, 99)}` : "";
    });
    const itemCount = 1 + random.integer(0, 2);
    for (let item = 0; item < itemCount; item++) {
      const row = header.map((name, index): string => {
        if (name === "Item - SKU") return random.chance(0.9) ? `SKU-${random.integer(0, 49)}` : "";
        if (name === "Item - Name") return random.chance(0.8) ? random.pick(TEXTS) : "";
        if (name === "Item - Qty") return random.pick(["1", "2", "12", " 3 ", "1,000", "007", "", "1234567890123456789"]);
        if (name === "Item - Price") return random.pick(AMOUNTS);
        if (name.startsWith("Item - ")) return random.chance(0.3) ? random.pick(TEXTS) : "";
        if (item > 0 && name === "Amount - Order Total" && random.chance(0.3)) return random.pick(AMOUNTS);
        return base[index]!;
      });
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Every column the import knows, then columns it keeps as details: repeated headers, integer-like ones,
 * `__proto__`, a header that needs escaping, and a second Order Total, which is a detail like any other.
 */
const CRAFTED_HEADER = [
  "Order - Number",
  "Date - Order Date",
  "Customer Email",
  "Ship To - Name",
  "Ship To - Company",
  "Ship To - Address 1",
  "Ship To - Address 2",
  "Ship To - Address 3",
  "Ship To - City",
  "Ship To - State",
  "Ship To - Postal Code",
  "Ship To - Country",
  "Ship To - Phone",
  "Amount - Order Total",
  "Item - SKU",
  "Item - Name",
  "Item - Qty",
  "Item - Price",
  "Source",
  "Tag",
  "2024",
  " Tag ",
  "__proto__",
  "  Note  ",
  "10",
  "007",
  "Größe",
  'Quote "x" \\ y',
  "4294967295",
  "4294967294",
  "Order Total",
  "constructor",
  "",
  "2024",
];

type CraftedRow = Record<string, string>;

/**
 * A crafted row by header name; a repeated header's columns are set by `name#2`, the second one. `cut`
 * ends the row after that many cells; `extra` are cells beyond the header's.
 */
function craftedRow(cells: CraftedRow, { cut, extra = [] }: { cut?: number; extra?: string[] } = {}): string[] {
  const seen = new Map<string, number>();
  const row = CRAFTED_HEADER.map((header) => {
    const name = header.trim();
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const key = count === 1 ? name : `${name}#${count}`;
    // Own keys only: "constructor" and "__proto__" are headers here.
    return Object.hasOwn(cells, key) ? cells[key]! : "";
  });
  return [...(cut === undefined ? row : row.slice(0, cut)), ...extra];
}

const JANE: CraftedRow = {
  "Date - Order Date": "4/2/2026 10:39:21 AM",
  "Customer Email": "jane@riverside.example.org",
  "Ship To - Name": "  Jane Roe  ",
  "Ship To - Company": "Riverside Clinic",
  "Ship To - Address 1": "55 North Ave",
  "Ship To - City": "Atlanta",
  "Ship To - State": "GA",
  "Ship To - Postal Code": "30303",
  "Ship To - Country": "US",
  "Ship To - Phone": "404-555-0100",
  "Amount - Order Total": "135.00",
  Source: "web",
};

/** The crafted export's rows; `lineBreak` is the line break inside a quoted cell, which must be CR in a CR file. */
function craftedRows(lineBreak = "\n"): string[][] {
  const item = (sku: string, name: string, qty: string, price: string): CraftedRow => ({ "Item - SKU": sku, "Item - Name": name, "Item - Qty": qty, "Item - Price": price });
  return [
    [...CRAFTED_HEADER],
    // Item rows repeating their order's columns exactly, but for columns the import keeps as details.
    craftedRow({ ...JANE, "Order - Number": "A-1", ...item("MAIN-1", "Main unit", "1", "100.00"), Tag: "first", "2024": "year", "10": "ten", "007": "bond" }),
    craftedRow({ ...JANE, "Order - Number": "A-1", ...item("WARRANTY", "Warranty", "1", "35.00"), Tag: "ignored", "Tag#2": "also ignored" }),
    craftedRow({ ...JANE, "Order - Number": "A-1", ...item("", "", "", "") }),
    // Item rows that differ from the first in total and ship-to: still items of the first row's order.
    craftedRow({ ...JANE, "Order - Number": "A-2", ...item("CUP-12", "12-Panel Cup", "2", "10.00") }),
    craftedRow({ ...JANE, "Order - Number": "A-2", "Amount - Order Total": "99.99", "Ship To - Name": "Someone Else", ...item("CUP-13", "13-Panel Cup", "1,000", "$1,234.56") }),
    craftedRow({ ...JANE, "Order - Number": "A-2", "Amount - Order Total": " 135.00 ", ...item("", "Gift wrap", "", "") }),
    // The first row without an item; the next brings one.
    craftedRow({ ...JANE, "Order - Number": "A-3" }),
    craftedRow({ ...JANE, "Order - Number": "A-3", ...item("", "", "3", "") }),
    craftedRow({ ...JANE, "Order - Number": "A-3", ...item("", "", "", "-5.00") }),
    // Cells that need escaping or decoding, everywhere.
    craftedRow({
      "Order - Number": "  Ü-4 ",
      "Date - Order Date": "2026-04-02T10:39:21.3500000",
      "Customer Email": " Zoe@Example.COM ",
      "Ship To - Name": 'Zoë "Z" O\'Brien',
      "Ship To - Company": "Café\tRoyal",
      "Ship To - Address 1": "日本 1-2-3",
      "Ship To - Address 2": "back\\slash \\u0041",
      "Ship To - Address 3": `line${lineBreak}break`,
      "Ship To - City": "ctrl \u0001\u001f\u007f",
      "Ship To - State": "\u00a0NBSP\u00a0",
      "Ship To - Postal Code": "\u2028",
      "Ship To - Country": "😀",
      "Ship To - Phone": "</script>",
      "Amount - Order Total": "1.005",
      ...item("SKU \"quoted\"", "Emoji 😀 item", " 7 ", ".5"),
      Source: "a\tb",
      Tag: "t1",
      "Tag#2": "t2",
      "2024": "year",
      "2024#2": "later year",
      ["__proto__"]: "not a prototype",
      Note: "  spaced  ",
      Größe: "XL",
      'Quote "x" \\ y': 'v "q" \\',
      "4294967295": "not an index",
      "4294967294": "the largest index",
      "Order Total": "12.00",
      constructor: "ctor",
    }, { extra: ["beyond", "the header"] }),
    // No order number: each row is its own order, unless two rows are the same.
    craftedRow({ ...JANE, "Customer Email": "<mailto:Lab@Lab.Example.org>", ...item("N-1", "", "1", "1.00") }),
    craftedRow({ ...JANE, "Customer Email": "<mailto:Lab@Lab.Example.org>", ...item("N-1", "", "1", "1.00") }),
    craftedRow({ ...JANE, "Customer Email": "<mailto:Lab@Lab.Example.org>", ...item("N-2", "", "1", "1.00") }),
    // Orders listed apart are apart.
    craftedRow({ ...JANE, "Order - Number": "B-1", "Date - Order Date": "3/8/2026 2:30 AM", ...item("X", "", "", "") }),
    craftedRow({ ...JANE, "Order - Number": "B-2", "Date - Order Date": "11/1/2026 1:30 AM", ...item("Y", "", "", "") }),
    craftedRow({ ...JANE, "Order - Number": "B-1", "Date - Order Date": "12/31/2025 12:00 AM", ...item("Z", "", "", "") }),
    // Rows cut short, and a row of one order that stops before its item columns.
    craftedRow({ ...JANE, "Order - Number": "C-1", ...item("SHORT", "Short row", "1", "2.00") }, { cut: 18 }),
    craftedRow({ ...JANE, "Order - Number": "C-1" }, { cut: 14 }),
    // Rows the import cannot read: skipped, with the reason.
    craftedRow({ ...JANE, "Order - Number": "E-1", "Customer Email": "" }),
    craftedRow({ ...JANE, "Order - Number": "E-2", "Customer Email": "not-an-email" }),
    craftedRow({ ...JANE, "Order - Number": "E-3", "Date - Order Date": " " }),
    craftedRow({ ...JANE, "Order - Number": "E-4", "Date - Order Date": "2/30/2026" }),
    craftedRow({ ...JANE, "Order - Number": "E-5", "Amount - Order Total": "abc" }),
    craftedRow({ ...JANE, "Order - Number": "E-6", ...item("Q", "", "1.5", "") }),
    craftedRow({ ...JANE, "Order - Number": "E-7", ...item("P", "", "1", "$$1") }),
    // A bad item row of a good order is skipped alone; a later good one still joins the order.
    craftedRow({ ...JANE, "Order - Number": "F-1", ...item("GOOD-1", "", "1", "") }),
    craftedRow({ ...JANE, "Order - Number": "F-1", ...item("BAD", "", "-1", "") }),
    craftedRow({ ...JANE, "Order - Number": "F-1", "Amount - Order Total": "zzz", ...item("BAD-TOTAL", "", "1", "") }),
    craftedRow({ ...JANE, "Order - Number": "F-1", ...item("GOOD-2", "", "2", "") }),
    // Quantities past what a double holds exactly are read as Number reads them.
    craftedRow({ ...JANE, "Order - Number": "G-1", ...item("MANY", "", "12345678901234567", "") }),
    craftedRow({ ...JANE, "Order - Number": "G-1", ...item("MORE", "", "123456789012345678901234", "") }),
    craftedRow({ ...JANE, "Order - Number": "LAST", "Date - Order Date": "02/01/2025", ...item("END", "", "", "") }),
  ];
}

// ---------------------------------------------------------------------------------------------------------

describe("ShipStationFileOrders", () => {
  test("orders-sample.csv: every order's raw JSON and fingerprint are those of the rows it was read from", () => {
    const bytes = readFileSync(path.join(REPO, "examples/orders-sample.csv"));
    const { orders, rowErrors } = expectOrdersAsTheRowsMean(bytes, ",");
    // The sample holds one row with a date no calendar has.
    expect(rowErrors).toEqual([{ line: 67, reason: 'unreadable date "13/45/2025": month 13 does not exist' }]);
    expect(orders.length).toBeGreaterThan(50);
    // SO-100001 has three item rows.
    const first = orders.find((order) => order.orderNumber === "SO-100001")!;
    expect(JSON.parse(first.rawText).items).toHaveLength(3);
  });

  test("the item-level fixture, with a Customer Email column added, reads as its rows mean", () => {
    const text = readFileSync(path.join(REPO, "src/testing/fixtures/shipstation_orders_export_item_level_test_rows.csv"), "utf8");
    const { orders } = expectOrdersAsTheRowsMean(Buffer.from(withCustomerEmail(text)), ",");
    expect(orders.map((order) => [order.orderNumber, JSON.parse(order.rawText).items.length])).toEqual([
      ["SO-500", 2],
      ["112-9412447-4200216", 1],
      ["02-15142-25672", 1],
    ]);
  });

  test("the grid export fixture, with a Customer Email column added, reads as its rows mean", () => {
    const { orders } = expectOrdersAsTheRowsMean(Buffer.from(withCustomerEmail(GRID_EXPORT)), ",");
    expect(orders).toHaveLength(5);
    expect(JSON.parse(orders[0]!.rawText)).toEqual({
      shipTo: { name: "[REDACTED]" },
      items: [{ sku: "87-828", name: "Alra Renewal Serum 30 ml.", quantity: 1 }],
      orderTotalCents: 2718,
      details: { Store: "TikTok Shop US Store", Age: "2d 7h", "Ship Date": "02/03/2025", "Shipping Paid": "5.59", Rate: "4.33", Service: "USPS Ground Advantage" },
    });
  });

  test("fixtures without a Customer Email column are refused, naming the column", () => {
    const itemLevel = readFileSync(path.join(REPO, "src/testing/fixtures/shipstation_orders_export_item_level_test_rows.csv"));
    for (const bytes of [itemLevel, Buffer.from(GRID_EXPORT)]) {
      let error: unknown;
      try {
        readExport(file(bytes));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: "invalid", message: "Missing required column: Customer Email" });
    }
  });

  test.each([
    ["comma, LF", { delimiter: ",", newline: "\n" }],
    ["semicolon, CRLF, byte-order mark, every cell quoted", { delimiter: ";", newline: "\r\n", bom: true, quoteAll: true }],
  ])("rows of every column of the Export Orders catalog (%s) read as they mean", (_, options) => {
    const rows = catalogRows(7, 150);
    const { orders } = expectOrdersAsTheRowsMean(csv(rows, options), options.delimiter);
    expect(orders.length).toBeGreaterThan(100);
  });

  test.each([
    ["comma, LF", { delimiter: ",", newline: "\n" }],
    ["tab, CRLF, byte-order mark", { delimiter: "\t", newline: "\r\n", bom: true }],
    ["semicolon, CR, every cell quoted", { delimiter: ";", newline: "\r", quoteAll: true }],
  ])("a crafted export (%s) reads as its rows mean, orders and skipped rows alike", (_, options) => {
    const rows = craftedRows(options.newline === "\r" ? "\r" : "\n");
    const { orders, rowErrors } = expectOrdersAsTheRowsMean(csv(rows, options), options.delimiter);
    expect(orders.map((order) => order.orderNumber ?? "-")).toEqual(["A-1", "A-2", "A-3", "Ü-4", "-", "-", "B-1", "B-2", "B-1", "C-1", "F-1", "G-1", "LAST"]);
    expect(rowErrors.map(({ reason }) => reason)).toEqual([
      "missing customer e-mail",
      'invalid customer e-mail "not-an-email"',
      "missing order date",
      'unreadable date "2/30/2026": 2/2026 has no day 30',
      'unreadable amount "abc"',
      'unreadable quantity "1.5"',
      'unreadable amount "$$1"',
      'unreadable quantity "-1"',
      'unreadable amount "zzz"',
    ]);
    // The row with a line break inside a quoted cell takes two lines.
    expect(rowErrors[0]!.line).toBe(21);
  });

  test("item rows join the first row's order whether they repeat its columns exactly or differ in total", () => {
    const rows = craftedRows();
    const { orders } = expectOrdersAsTheRowsMean(csv(rows), ",");
    const raw = (orderNumber: string) => JSON.parse(orders.find((order) => order.orderNumber === orderNumber)!.rawText);
    expect(raw("A-1")).toMatchObject({
      items: [
        { sku: "MAIN-1", name: "Main unit", quantity: 1, unitPriceCents: 10000 },
        { sku: "WARRANTY", name: "Warranty", quantity: 1, unitPriceCents: 3500 },
      ],
      orderTotalCents: 13500,
      details: { "10": "ten", "2024": "year", Source: "web", Tag: "first", "007": "bond" },
    });
    expect(raw("A-2")).toMatchObject({
      shipTo: { name: "Jane Roe" },
      items: [
        { sku: "CUP-12", name: "12-Panel Cup", quantity: 2, unitPriceCents: 1000 },
        { sku: "CUP-13", name: "13-Panel Cup", quantity: 1000, unitPriceCents: 123456 },
        { name: "Gift wrap" },
      ],
      orderTotalCents: 13500,
    });
    expect(raw("A-3").items).toEqual([{ quantity: 3 }, { unitPriceCents: -500 }]);
    expect(raw("F-1").items).toEqual([
      { sku: "GOOD-1", quantity: 1 },
      { sku: "GOOD-2", quantity: 2 },
    ]);
  });

  test("details put integer-like headers first, keep a repeated header's first place and last value, and leave __proto__ out", () => {
    const header = ["Customer Email", "Date - Order Date", "Order - Number", "Zeta", "2024", "Tag", "__proto__", "10", "Tag", "007"];
    const bytes = csv([header, ["a@b.example.com", "4/2/2026", "1", "z", "y", "t1", "p", "ten", "t2", "bond"]]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders[0]!.rawText).toBe('{"shipTo":{},"items":[],"orderTotalCents":null,"details":{"10":"ten","2024":"y","Zeta":"z","Tag":"t2","007":"bond"}}');
  });

  test("a repeated header whose first column is blank takes its place in details where a later one is filled, as assigning to an object would", () => {
    const header = ["Customer Email", "Date - Order Date", "Tag", "Channel", "Tag"];
    const bytes = csv([header, ["a@b.example.com", "4/2/2026", "", "web", "second"]]);
    // details.Tag is first set by the second Tag column, after Channel.
    const expected = '{"shipTo":{},"items":[],"orderTotalCents":null,"details":{"Channel":"web","Tag":"second"}}';
    expect(JSON.stringify(expectedExport(bytes, ",").orders[0]!.incoming.details)).toBe('{"Channel":"web","Tag":"second"}');
    expect(readExport(file(bytes)).orders[0]!.rawText).toBe(expected);
  });

  test("dates are read in the time zone given", () => {
    const bytes = csv([
      ["Customer Email", "Date - Order Date", "Order - Number"],
      ["a@b.example.com", "4/2/2026 10:39:21 AM", "1"],
      ["a@b.example.com", "2026-04-02T10:39:21Z", "2"],
    ]);
    for (const timeZone of ["UTC", "America/Chicago", "Asia/Tokyo"]) {
      const { orders } = expectOrdersAsTheRowsMean(bytes, ",", timeZone);
      expect(orders.map((order) => order.placedAtMs)).toEqual([parseShipStationDate("4/2/2026 10:39:21 AM", timeZone)!.getTime(), Date.UTC(2026, 3, 2, 10, 39, 21)]);
    }
    expect(readExport(file(bytes), "UTC").orders[0]!.placedAtMs).toBe(Date.UTC(2026, 3, 2, 10, 39, 21));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("status and store", () => {
  const HEADER = ["Order - Number", "Order - Status", "Date - Order Date", "Customer Email", "Market - Store Name", "Ship To - Name", "Item - SKU"];

  test("are read from their columns, which stay in the details as before: the raw JSON and fingerprint are unchanged", () => {
    const bytes = csv([
      HEADER,
      ["1", "Awaiting Shipment", "4/2/2026", "a@clinic.example.com", " Amazon US ", "Ann", "A"],
      ["2", "Canceled", "4/2/2026", "a@clinic.example.com", "", "Ann", "B"],
      ["3", "shipped", "4/2/2026", "a@clinic.example.com", "Shopify", "Ann", "C"],
      ["4", "", "4/2/2026", "a@clinic.example.com", "Shopify", "Ann", "D"],
      ["5", "Lost in the mail", "4/2/2026", "a@clinic.example.com", "Shopify", "Ann", "E"],
    ]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders.map(({ orderNumber, status, store, shipstationOrderId }) => ({ orderNumber, status, store, shipstationOrderId }))).toEqual([
      { orderNumber: "1", status: "awaiting_shipment", store: "Amazon US", shipstationOrderId: null },
      { orderNumber: "2", status: "cancelled", store: null, shipstationOrderId: null },
      { orderNumber: "3", status: "shipped", store: "Shopify", shipstationOrderId: null },
      { orderNumber: "4", status: null, store: "Shopify", shipstationOrderId: null },
      { orderNumber: "5", status: null, store: "Shopify", shipstationOrderId: null },
    ]);
    // Exactly the JSON stored before the import read these columns, when they were details like any other.
    expect(orders[0]!.rawText).toBe('{"shipTo":{"name":"Ann"},"items":[{"sku":"A"}],"orderTotalCents":null,"details":{"Order - Status":"Awaiting Shipment","Market - Store Name":"Amazon US"}}');
  });

  test.each([
    [["Status", "Store"]],
    [["Order Status", "Store Name"]],
  ])("are found under other names too (%p)", ([statusHeader, storeHeader]) => {
    const bytes = csv([
      ["Customer Email", statusHeader!, "Date - Order Date", storeHeader!, "Order #"],
      ["a@clinic.example.com", "On Hold", "4/2/2026", "eBay", "7"],
    ]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders[0]).toMatchObject({ status: "on_hold", store: "eBay" });
    expect(JSON.parse(orders[0]!.rawText).details).toEqual({ [statusHeader!]: "On Hold", [storeHeader!]: "eBay" });
  });
});

describe("first and last names", () => {
  const HEADER = ["Email", "Order Date", "Order Number", "Company", "First Name", "Last Name", "Full Name"];
  const MAP: ColumnMap = { customerEmail: "Email", orderDate: "Order Date", orderNumber: "Order Number", shipToCompany: "Company", shipToFirstName: "First Name", shipToLastName: "Last Name" };
  const shipTos = (exported: ReadExport) => exported.orders.map((order) => JSON.parse(order.rawText).shipTo);

  test("make the customer's name, in the order's ship-to as well, when a map names them and the row has no customer name", () => {
    const bytes = csv([
      HEADER,
      ["nora@acme-labs.com", "11/2/2026", "HS-1", "Acme Labs", " Nora ", "Quinn", ""],
      ["lee@harbor.com", "11/2/2026", "HS-2", "", "", "Lee", ""],
      ["max@harbor.com", "11/2/2026", "HS-3", "Harbor", "", "", ""],
      ["ann@harbor.com", "11/2/2026", "HS-4", "Harbor", "Ann", "Lee", "Dr. Ann Lee"],
    ]);
    const exported = readExport(file(bytes), TIME_ZONE, MAP);
    expect(exported.rowErrors).toEqual([]);
    expect(exported.orders.map(({ customer }) => customer.name)).toEqual(["Nora Quinn", "Lee", undefined, "Ann Lee"]);
    expect(shipTos(exported)).toEqual([{ name: "Nora Quinn", company: "Acme Labs" }, { name: "Lee" }, { company: "Harbor" }, { name: "Ann Lee", company: "Harbor" }]);
    // A customer name column, when the map names one, comes first wherever a row fills it.
    const withFullName = readExport(file(bytes), TIME_ZONE, { ...MAP, shipToName: "Full Name" });
    expect(withFullName.orders.map(({ customer }) => customer.name)).toEqual(["Nora Quinn", "Lee", undefined, "Dr. Ann Lee"]);
    expect(shipTos(withFullName)[3]).toEqual({ name: "Dr. Ann Lee", company: "Harbor" });
  });

  test("are read only when a map names them: without one, a file's First Name and Last Name stay in the details as before", () => {
    const bytes = csv([
      ["Customer Email", "Date - Order Date", "Order - Number", "First Name", "Last Name"],
      ["nora@acme-labs.com", "11/2/2026", "1", "Nora", "Quinn"],
    ]);
    const [order] = expectOrdersAsTheRowsMean(bytes, ",").orders;
    expect(order!.customer.name).toBeUndefined();
    expect(order!.rawText).toBe('{"shipTo":{},"items":[],"orderTotalCents":null,"details":{"First Name":"Nora","Last Name":"Quinn"}}');
  });

  test("a name made longer than a name may be makes its row an error, and the other rows import", () => {
    const bytes = csv([HEADER, ["a@acme-labs.com", "11/2/2026", "1", "", "F".repeat(150), "L".repeat(150), ""], ["b@acme-labs.com", "11/2/2026", "2", "", "Bo", "Ek", ""]]);
    const exported = readExport(file(bytes), TIME_ZONE, MAP);
    expect(exported.rowErrors).toEqual([{ line: 2, reason: "the first and last names together are longer than 200 characters" }]);
    expect(exported.orders.map(({ customer }) => customer.name)).toEqual(["Bo Ek"]);
  });
});

describe("grouping rows into orders", () => {
  const HEADER = ["Order - Number", "Date - Order Date", "Customer Email", "Market - Store Name", "Item - SKU"];

  test("adjacent rows of one number but different customers are two orders, one for each customer", () => {
    const bytes = csv([HEADER, ["100", "4/2/2026", "ann@clinic.example.com", "Shop", "A"], ["100", "4/2/2026", "bob@lab.example.com", "Shop", "B"]]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders.map(({ orderNumber, customerEmail }) => ({ orderNumber, customerEmail }))).toEqual([
      { orderNumber: "100", customerEmail: "ann@clinic.example.com" },
      { orderNumber: "100", customerEmail: "bob@lab.example.com" },
    ]);
    expect(orders.map((order) => JSON.parse(order.rawText).items)).toEqual([[{ sku: "A" }], [{ sku: "B" }]]);
  });

  test("adjacent rows of one number and customer but different stores are two orders", () => {
    const bytes = csv([HEADER, ["100", "4/2/2026", "ann@clinic.example.com", "Amazon", "A"], ["100", "4/2/2026", "ann@clinic.example.com", "eBay", "B"], ["100", "4/2/2026", "ann@clinic.example.com", "", "C"]]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders.map(({ store }) => store)).toEqual(["Amazon", "eBay", null]);
  });

  test("rows of one number, customer and store are one order, however the e-mail and store are spaced or cased", () => {
    const bytes = csv([
      HEADER,
      ["100", "4/2/2026", "ann@clinic.example.com", "Amazon", "A"],
      ["100", "4/2/2026", "ann@clinic.example.com", "Amazon", "B"],
      ["100", "4/2/2026", " Ann@Clinic.Example.com ", " Amazon ", "C"],
    ]);
    const { orders } = expectOrdersAsTheRowsMean(bytes, ",");
    expect(orders).toHaveLength(1);
    expect(JSON.parse(orders[0]!.rawText).items).toEqual([{ sku: "A" }, { sku: "B" }, { sku: "C" }]);
  });
});

describe("length limits", () => {
  const HEADER = ["Order - Number", "Date - Order Date", "Customer Email", "Ship To - Name", "Ship To - Company", "Ship To - Phone", "Item - SKU", "Item - Name", "Market - Store Name", "Order - Status", "Notes - From Buyer"];
  const row = (cells: Partial<Record<(typeof HEADER)[number], string>>) =>
    HEADER.map((header) => cells[header] ?? ({ "Order - Number": "1", "Date - Order Date": "4/2/2026", "Customer Email": "a@clinic.example.com" } as Record<string, string>)[header] ?? "");

  test("a cell longer than its limit makes its row an error naming the line and the column", () => {
    const rows = [
      HEADER,
      row({ "Order - Number": "OK-1", "Ship To - Company": "c".repeat(200), "Item - Name": "n".repeat(5000), "Notes - From Buyer": "b".repeat(5000) }),
      row({ "Order - Number": "BIG", "Ship To - Company": "x".repeat(4 << 20) }),
      row({ "Order - Number": "N".repeat(201) }),
      row({ "Order - Number": "E", "Customer Email": `${"e".repeat(200)}@clinic.example.com` }),
      row({ "Order - Number": "P", "Ship To - Phone": "5".repeat(201) }),
      row({ "Order - Number": "S", "Item - SKU": "S".repeat(201) }),
      row({ "Order - Number": "I", "Item - Name": "i".repeat(5001) }),
      row({ "Order - Number": "M", "Market - Store Name": "m".repeat(201) }),
      row({ "Order - Number": "T", "Order - Status": "t".repeat(201) }),
      row({ "Order - Number": "D", "Notes - From Buyer": "d".repeat(5001) }),
      row({ "Order - Number": "OK-2", "Ship To - Name": `  ${"é".repeat(200)}  ` }),
      row({ "Order - Number": "U", "Ship To - Name": "é".repeat(201) }),
    ];
    const { orders, rowErrors } = readExport(file(csv(rows)));
    expect(orders.map((order) => order.orderNumber)).toEqual(["OK-1", "OK-2"]);
    expect(rowErrors).toEqual([
      { line: 3, reason: '"Ship To - Company" is longer than 200 characters' },
      { line: 4, reason: '"Order - Number" is longer than 200 characters' },
      { line: 5, reason: '"Customer Email" is longer than 200 characters' },
      { line: 6, reason: '"Ship To - Phone" is longer than 200 characters' },
      { line: 7, reason: '"Item - SKU" is longer than 200 characters' },
      { line: 8, reason: '"Item - Name" is longer than 5,000 characters' },
      { line: 9, reason: '"Market - Store Name" is longer than 200 characters' },
      { line: 10, reason: '"Order - Status" is longer than 200 characters' },
      { line: 11, reason: '"Notes - From Buyer" is longer than 5,000 characters' },
      { line: 13, reason: '"Ship To - Name" is longer than 200 characters' },
    ]);
  });

  test("characters are counted, not bytes, and a cell past the header's end is not checked", () => {
    const rows = [HEADER, [...row({ "Ship To - Company": "😀".repeat(100) }), "z".repeat(10_000)]];
    const { orders, rowErrors } = readExport(file(csv(rows)));
    expect(rowErrors).toEqual([]);
    expect(orders[0]!.customer.company).toBe("😀".repeat(100));
  });

  test("an item row of an order with a cell too long is skipped alone; the order keeps its other items", () => {
    const rows = [HEADER, row({ "Item - SKU": "A" }), row({ "Item - SKU": "B".repeat(300) }), row({ "Item - SKU": "C" })];
    const { orders, rowErrors } = readExport(file(csv(rows)));
    expect(rowErrors).toEqual([{ line: 3, reason: '"Item - SKU" is longer than 200 characters' }]);
    expect(JSON.parse(orders[0]!.rawText).items).toEqual([{ sku: "A" }, { sku: "C" }]);
  });

  test("a column is named by its header as the file writes it", () => {
    const { rowErrors } = readExport(file(csv([["\uFEFF ship_to_company ", "Customer Email", "Date - Order Date"], ["x".repeat(201), "a@clinic.example.com", "4/2/2026"]])));
    expect(rowErrors).toEqual([{ line: 2, reason: '"ship_to_company" is longer than 200 characters' }]);
  });
});

describe("encodings", () => {
  test("a Windows-1252 export gives its orders the right text", () => {
    const text = "Order - Number,Date - Order Date,Customer Email,Ship To - Name,Ship To - Company,Item - Name\r\n1,4/2/2026,a@clinic.example.com,José Muñoz,Müller’s Lab,Cup € 12\r\n";
    const bytes = Buffer.from([...text].map((char) => (char === "’" ? 0x92 : char === "€" ? 0x80 : char.charCodeAt(0))));
    const { orders } = readExport(file(bytes));
    expect(orders[0]!.customer).toEqual({ name: "José Muñoz", company: "Müller’s Lab", phone: undefined });
    expect(JSON.parse(orders[0]!.rawText).items).toEqual([{ name: "Cup € 12" }]);
    // The same order as a UTF-8 file: the same stored JSON and fingerprint.
    const utf8 = readExport(file(Buffer.from(text))).orders[0]!;
    expect({ rawText: orders[0]!.rawText, contentHash: orders[0]!.contentHash }).toEqual({ rawText: utf8.rawText, contentHash: utf8.contentHash });
  });
});
