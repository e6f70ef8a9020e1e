import { ORDER_COLUMNS } from "../../contracts/imports.ts";
import { invalid } from "../errors.ts";

/**
 * The columns of an order export that the import understands: ShipStation's, and the first and last names
 * other exports split a person's name into.
 */
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

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
 * Which of the file's columns, by its header as written, holds each of the CRM's order columns: what staff
 * choose in the upload dialog (and `crm import-csv --map`). A column left out is not read.
 */
export type ColumnMap = Partial<Record<OrderColumn, string>>;

/**
 * Finds each known column among `headers`. Without a column map, by its normalized name, so that 'Ship To -
 * Company', 'Ship To Company' and 'ship_to_company' all match; when two headers match the same column the
 * first wins, and the later one is kept among the other columns so its values are not lost. With a column
 * map, each column is the first header written as the map names it, and only the columns the map names are
 * read. Headers that are blank are skipped.
 */
export function mapOrderColumns(headers: string[], columnMap?: ColumnMap): OrderColumnMapping {
  const indexOf: Partial<Record<OrderColumn, number>> = {};
  const otherColumns: { index: number; header: string }[] = [];
  const columnsByHeader = columnMap === undefined ? undefined : columnsByChosenHeader(columnMap);
  headers.forEach((header, index) => {
    const trimmed = trimHeader(header);
    if (trimmed === "") return;
    const columns = columnsByHeader ? (columnsByHeader.get(trimmed) ?? []) : [COLUMN_BY_NORMALIZED_HEADER.get(normalizeHeader(trimmed))].filter((column) => column !== undefined);
    columnsByHeader?.delete(trimmed);
    const read = columns.filter((column) => indexOf[column] === undefined);
    for (const column of read) indexOf[column] = index;
    if (read.length === 0 || read.some((column) => ORDER_COLUMNS_KEPT_IN_DETAILS.has(column))) otherColumns.push({ index, header: trimmed });
  });
  const missing = REQUIRED_ORDER_COLUMNS.filter((column) => indexOf[column] === undefined);
  return { indexOf, otherColumns, missing };
}

/** The columns a map gives each header; one header may hold several (a name that is also the company). */
function columnsByChosenHeader(columnMap: ColumnMap): Map<string, OrderColumn[]> {
  const byHeader = new Map<string, OrderColumn[]>();
  for (const [column, header] of Object.entries(columnMap) as [OrderColumn, string][]) {
    const trimmed = trimHeader(header);
    byHeader.set(trimmed, [...(byHeader.get(trimmed) ?? []), column]);
  }
  return byHeader;
}

export function trimHeader(header: string): string {
  return header.replace(BYTE_ORDER_MARK, "").trim();
}

export const REQUIRED_ORDER_COLUMNS: readonly OrderColumn[] = ["customerEmail", "orderDate"];

/**
 * The header ShipStation's "Export Orders" gives each column first, then other names it goes by. An import
 * without a map reads these alone. The first and last names are none of ShipStation's: they are read only
 * when a map names them, so that a ShipStation export with extra columns of those names imports as before.
 */
export const ORDER_COLUMN_HEADERS: Readonly<Partial<Record<OrderColumn, readonly [canonical: string, ...aliases: string[]]>>> = {
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
  const names = missing.map((column) => shipStationHeaderOf(column) ?? ORDER_COLUMN_LABELS[column]).join(", ");
  return `Missing required column${missing.length === 1 ? "" : "s"}: ${names}`;
}

/** ShipStation's header for a column, as its export writes it; null for a column it does not have. */
export function shipStationHeaderOf(column: OrderColumn): string | null {
  return ORDER_COLUMN_HEADERS[column]?.[0] ?? null;
}

/** What a column is to staff: its name in the upload dialog and what the CRM makes of it. */
export interface OrderColumnField {
  column: OrderColumn;
  label: string;
  meaning: string;
  required: boolean;
}

/** Every column the import reads, in the order the upload dialog lists them: required first, then what names an account. */
export const ORDER_COLUMN_FIELDS: readonly OrderColumnField[] = (
  [
    ["customerEmail", "Customer e-mail", "Identifies the account: every order with the same e-mail belongs to one account"],
    ["orderDate", "Order date", "The date this order was placed"],
    ["orderNumber", "Order number", "Tells orders apart, so importing the same order again updates it instead of adding it twice"],
    ["orderTotal", "Order total", "The order's amount, added to the account's revenue"],
    ["shipToCompany", "Company", "The name of a new account (the customer name when there is no company)"],
    ["shipToName", "Customer name", "The account's primary contact"],
    ["shipToFirstName", "First name", "With Last name, the primary contact when a row has no Customer name"],
    ["shipToLastName", "Last name", "With First name, the primary contact when a row has no Customer name"],
    ["shipToPhone", "Phone", "The primary contact's phone"],
    ["shipToAddress1", "Address line 1", "The ship-to address"],
    ["shipToAddress2", "Address line 2", "The ship-to address"],
    ["shipToAddress3", "Address line 3", "The ship-to address"],
    ["shipToCity", "City", "The ship-to address"],
    ["shipToState", "State", "The ship-to address"],
    ["shipToPostalCode", "Postal code", "The ship-to address"],
    ["shipToCountry", "Country", "The ship-to address"],
    ["itemSku", "Item SKU", "The product, for the account's top products"],
    ["itemName", "Item name", "The product's name"],
    ["itemQty", "Item quantity", "How many of the product"],
    ["itemPrice", "Item price", "The price of one"],
    ["orderStatus", "Order status", "Cancelled orders are kept but not counted"],
    ["store", "Store", "The store the order came from; with the order number it tells orders apart"],
  ] as const
).map(([column, label, meaning]) => ({ column, label, meaning, required: REQUIRED_ORDER_COLUMNS.includes(column) }));

export const ORDER_COLUMN_LABELS = Object.fromEntries(ORDER_COLUMN_FIELDS.map(({ column, label }) => [column, label])) as Record<OrderColumn, string>;

/**
 * Names other exports (a HubSpot export, a spreadsheet) give the columns, besides ShipStation's own in
 * ORDER_COLUMN_HEADERS, normalized. They only guess the upload dialog's map, which staff see and can
 * change: an import without a map reads ShipStation's names alone, so that a ShipStation export with an
 * extra 'Company' or 'Total' column imports as it always has.
 */
const GUESSED_HEADERS: Readonly<Record<OrderColumn, readonly string[]>> = {
  customerEmail: ["email", "emailaddress", "customeremailaddress", "contactemail", "primaryemail", "mail"],
  orderDate: ["date", "createdate", "createddate", "datecreated", "purchasedate", "orderplaced", "placedat", "closedate", "orderdatetime"],
  orderNumber: ["order", "orderid", "ordernum", "ordercode", "invoice", "invoicenumber", "invoiceno", "ponumber", "number"],
  shipToCompany: ["company", "companyname", "organization", "organisation", "business", "businessname", "accountname", "account"],
  shipToName: ["name", "fullname", "customername", "contactname", "contact", "customer", "buyername", "buyer"],
  shipToFirstName: ["firstname", "givenname", "fname", "contactfirstname", "customerfirstname", "buyerfirstname"],
  shipToLastName: ["lastname", "surname", "familyname", "lname", "contactlastname", "customerlastname", "buyerlastname"],
  shipToAddress1: ["address", "address1", "addressline1", "streetaddress", "street", "street1"],
  shipToAddress2: ["address2", "addressline2", "street2"],
  shipToAddress3: ["address3", "addressline3", "street3"],
  shipToCity: ["city", "town"],
  shipToState: ["state", "province", "stateprovince", "region", "stateregion"],
  shipToPostalCode: ["zip", "zipcode", "postalcode", "postcode", "postal"],
  shipToCountry: ["country", "countrycode", "countryregion"],
  shipToPhone: ["phone", "phonenumber", "telephone", "tel", "mobile", "mobilephone", "mobilephonenumber", "contactphone"],
  orderTotal: ["total", "amount", "ordertotal", "totalamount", "grandtotal", "ordervalue", "ordertotalamount", "dealamount"],
  itemSku: ["productsku", "productcode", "itemcode"],
  itemName: ["product", "productname", "item", "description"],
  itemQty: ["units", "amountordered"],
  itemPrice: ["price", "productprice"],
  orderStatus: ["orderstate", "fulfillmentstatus"],
  store: ["storename", "channel", "marketplace", "shop"],
};

/** A guessed map, and for each column that more than one header could be, the headers left out. */
export interface GuessedColumnMap {
  columnMap: ColumnMap;
  alsoMatching: Partial<Record<OrderColumn, string[]>>;
}

/**
 * The upload dialog's first guess of a file's map: ShipStation's names as an import without a map reads
 * them, then, for the columns still unmatched, the names other exports use, each header given to one
 * column at most. The first header that could be a column wins; the others that could are named beside it,
 * for staff to check.
 */
export function guessColumnMap(headers: string[]): GuessedColumnMap {
  const trimmed = headers.map(trimHeader);
  const exact = mapOrderColumns(headers);
  const columnMap: ColumnMap = {};
  const alsoMatching: Partial<Record<OrderColumn, string[]>> = {};
  const used = new Set<number>();
  const note = (column: OrderColumn, header: string) => {
    if (header !== columnMap[column] && !alsoMatching[column]?.includes(header)) alsoMatching[column] = [...(alsoMatching[column] ?? []), header];
  };
  for (const [column, index] of Object.entries(exact.indexOf) as [OrderColumn, number][]) {
    columnMap[column] = trimmed[index]!;
    used.add(index);
  }
  trimmed.forEach((header, index) => {
    const column = COLUMN_BY_NORMALIZED_HEADER.get(normalizeHeader(header));
    if (header !== "" && column !== undefined && !used.has(index)) note(column, header);
  });
  for (const { column } of ORDER_COLUMN_FIELDS) {
    const names = GUESSED_HEADERS[column];
    trimmed.forEach((header, index) => {
      if (header === "" || used.has(index) || !names.includes(normalizeHeader(header))) return;
      if (columnMap[column] === undefined) {
        columnMap[column] = header;
        used.add(index);
      } else note(column, header);
    });
  }
  return { columnMap, alsoMatching };
}

/**
 * Holds a map to the file it is for: every header it names is one of the file's, and every required column
 * has one. Refuses with the field named as the dialog names it.
 */
export function checkColumnMap(headers: string[], columnMap: ColumnMap): void {
  const present = new Set(headers.map(trimHeader));
  for (const { column, label, required } of ORDER_COLUMN_FIELDS) {
    const header = columnMap[column];
    if (header === undefined || header.trim() === "") {
      if (required) throw invalid(`columnMap.${column}`, `${label} is required: choose the file's column that holds it`);
      continue;
    }
    if (!present.has(trimHeader(header))) throw invalid(`columnMap.${column}`, `${label}: the file has no column "${header}"`);
  }
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

/**
 * `crm import-csv --map "Placed On=Order date,E-mail=Customer Email"`: each pair names a file's header and
 * the CRM column it holds, by the upload dialog's label, ShipStation's header or any name ShipStation's
 * columns go by. Refuses a pair without '=' or naming no column, with the pair quoted.
 */
export function parseColumnChoices(text: string): ColumnMap {
  const choices: ColumnMap = {};
  for (const pair of text.split(",")) {
    if (pair.trim() === "") continue;
    const at = pair.lastIndexOf("=");
    const [header, name] = at < 0 ? ["", ""] : [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (header === "" || name === "") throw invalid("map", `--map takes "File header=CRM column" pairs separated by commas, not "${pair.trim()}"`);
    const column = COLUMN_BY_ANY_NAME.get(normalizeHeader(name));
    if (column === undefined) throw invalid("map", `--map: "${name}" is none of the CRM's columns (${ORDER_COLUMN_FIELDS.map(({ label }) => label).join(", ")})`);
    choices[column] = header;
  }
  return choices;
}

/** The map an import reads `headers` with when staff chose some columns: ShipStation's names for the rest. */
export function columnMapWithChoices(headers: string[], choices: ColumnMap): ColumnMap {
  const { indexOf } = mapOrderColumns(headers);
  const columnMap: ColumnMap = {};
  for (const [column, index] of Object.entries(indexOf) as [OrderColumn, number][]) columnMap[column] = trimHeader(headers[index]!);
  return { ...columnMap, ...choices };
}

const COLUMN_BY_ANY_NAME = new Map<string, OrderColumn>([
  ...COLUMN_BY_NORMALIZED_HEADER,
  ...ORDER_COLUMN_FIELDS.flatMap(({ column, label }): [string, OrderColumn][] => [
    [normalizeHeader(label), column],
    [normalizeHeader(column), column],
  ]),
]);
