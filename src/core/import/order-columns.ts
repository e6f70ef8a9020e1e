/** The columns of a ShipStation order export that the import understands. */
export type OrderColumn =
  | "customerEmail"
  | "orderDate"
  | "orderNumber"
  | "shipToCompany"
  | "shipToName"
  | "shipToAddress1"
  | "shipToAddress2"
  | "shipToAddress3"
  | "shipToCity"
  | "shipToState"
  | "shipToPostalCode"
  | "shipToCountry"
  | "shipToPhone"
  | "orderTotal"
  | "itemSku"
  | "itemName"
  | "itemQty"
  | "itemPrice"
  | "orderStatus"
  | "store";

export interface OrderColumnMapping {
  indexOf: Partial<Record<OrderColumn, number>>;
  /**
   * Columns kept so their values can be stored with the order, under their header: those the import does not
   * understand, and those of ORDER_COLUMNS_KEPT_IN_DETAILS, which it reads as well.
   */
  otherColumns: { index: number; header: string }[];
  /** Required columns no header matched. */
  missing: OrderColumn[];
}

/**
 * Finds each known column among `headers` by its normalized name, so that 'Ship To - Company', 'Ship To Company'
 * and 'ship_to_company' all match. When two headers match the same column the first wins, and the later one is
 * kept among the other columns so its values are not lost. Headers that are blank are skipped.
 */
export function mapOrderColumns(headers: string[]): OrderColumnMapping {
  const indexOf: Partial<Record<OrderColumn, number>> = {};
  const otherColumns: { index: number; header: string }[] = [];
  headers.forEach((header, index) => {
    const trimmed = header.replace(BYTE_ORDER_MARK, "").trim();
    if (trimmed === "") return;
    const column = COLUMN_BY_NORMALIZED_HEADER.get(normalizeHeader(trimmed));
    const read = column !== undefined && indexOf[column] === undefined;
    if (read) indexOf[column] = index;
    if (!read || ORDER_COLUMNS_KEPT_IN_DETAILS.has(column)) otherColumns.push({ index, header: trimmed });
  });
  const missing = REQUIRED_ORDER_COLUMNS.filter((column) => indexOf[column] === undefined);
  return { indexOf, otherColumns, missing };
}

export const REQUIRED_ORDER_COLUMNS: readonly OrderColumn[] = ["customerEmail", "orderDate"];

/** The header ShipStation's "Export Orders" gives each column first, then other names it goes by. */
export const ORDER_COLUMN_HEADERS: Readonly<Record<OrderColumn, readonly [canonical: string, ...aliases: string[]]>> = {
  customerEmail: ["Customer Email", "Email", "Buyer Email"],
  orderDate: ["Date - Order Date", "Order Date"],
  orderNumber: ["Order - Number", "Order #", "Order Number", "Order No"],
  shipToCompany: ["Ship To - Company", "Recipient Company"],
  shipToName: ["Ship To - Name", "Recipient", "Recipient Name"],
  shipToAddress1: ["Ship To - Address 1", "Ship To - Street 1"],
  shipToAddress2: ["Ship To - Address 2", "Ship To - Street 2"],
  shipToAddress3: ["Ship To - Address 3", "Ship To - Street 3"],
  shipToCity: ["Ship To - City"],
  shipToState: ["Ship To - State", "Ship To - State/Province"],
  shipToPostalCode: ["Ship To - Postal Code", "Ship To - Zip", "Ship To - Zip Code"],
  shipToCountry: ["Ship To - Country", "Ship To - Country Code"],
  shipToPhone: ["Ship To - Phone"],
  orderTotal: ["Amount - Order Total", "Order Total"],
  itemSku: ["Item - SKU", "Item SKU", "SKU"],
  itemName: ["Item - Name", "Item Name"],
  itemQty: ["Item - Qty", "Item Qty", "Item - Quantity", "Quantity", "Qty"],
  itemPrice: ["Item - Price", "Item Price", "Unit Price"],
  orderStatus: ["Order - Status", "Order Status", "Status"],
  store: ["Market - Store Name", "Store Name", "Store"],
};

/**
 * Columns read into the order's own fields that stay in its details too, as they were before the import
 * read them: the stored JSON, and so the fingerprint, of an order from an export read before is unchanged.
 */
export const ORDER_COLUMNS_KEPT_IN_DETAILS: ReadonlySet<OrderColumn> = new Set<OrderColumn>(["orderStatus", "store"]);

/** 'Missing required column: Customer Email', naming each column by its ShipStation header. */
export function describeMissingColumns(missing: OrderColumn[]): string {
  if (missing.length === 0) return "";
  const names = missing.map((column) => ORDER_COLUMN_HEADERS[column][0]).join(", ");
  return `Missing required column${missing.length === 1 ? "" : "s"}: ${names}`;
}

/** Lower-case letters and digits only: punctuation, spacing and case vary between exports and hand edits. */
export function normalizeHeader(header: string): string {
  return header.replace(BYTE_ORDER_MARK, "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BYTE_ORDER_MARK = /^\uFEFF/;

const COLUMN_BY_NORMALIZED_HEADER = new Map<string, OrderColumn>(
  (Object.entries(ORDER_COLUMN_HEADERS) as [OrderColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name): [string, OrderColumn] => [normalizeHeader(name), column]),
  ),
);
