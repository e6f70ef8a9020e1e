import { describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import {
  checkColumnMap,
  describeMissingColumns,
  guessColumnMap,
  mapOrderColumns,
  normalizeHeader,
  ORDER_COLUMN_FIELDS,
  ORDER_COLUMN_HEADERS,
  ORDER_COLUMNS_KEPT_IN_DETAILS,
  type OrderColumn,
} from "./order-columns.ts";
import { ORDER_COLUMNS } from "../../contracts/imports.ts";

// Header lines copied from /work/shared/fixtures/shipstation/ (see PROVENANCE.txt there).
const EXPORT_ORDERS_CATALOG_HEADER =
  "Order - Number,Order - Status,Order - CustomerID,Order - Pay Method,Date - Order Date,Date - Paid Date,Date - Shipped Date,Date - Hold Until,Customer Email,Username,Bill To - Name,Ship To - Name,Ship To - Company,Ship To - Address 1,Ship To - Address 2,Ship To - Address 3,Ship To - City,Ship To - State,Ship To - Postal Code,Ship To - Country,Ship To - Phone,Ship To - Residential Flag,Ship To - Verified Flag,Ship To - Zone,Amount - Order Subtotal,Amount - Order Shipping,Amount - Order Tax,Amount - Order Total,Amount - Paid by Customer,Amount - Shipping Cost,Amount - Ship Rate Quoted,Carrier - Carrier Selected,Carrier - Service Requested,Carrier - Service Selected,Count - Number of Items,Count - Number of Shipments,Custom - Field 1,Custom - Field 2,Custom - Field 3,Customs - Package Contents,Dimensions - Length,Dimensions - Width,Dimensions - Height,Gift - Flag,Gift - Message,Insurance - Cost,Insurance - Insured Value,Insurance - Provider,Market - Market Order URL,Market - Markeplace Name,Market - Store Name,Notes - From Buyer,Notes - Internal,Notes - To Buyer,Service - Confirmation Type,Service - Package Type,Source,Tags,Weight,Weight - TotalOz,Weight - WeightLbs,Weight - WeightOz,Item - SKU,Item - Name,Item - Qty,Item - Price,Item - Options,Item - Cost,Item - Cost Extended,Item - Fill SKU,Item - Image URL,Item - ISBN,Item - Location,Item - Origin Country Code,Item - UPC,Item - Weight,Item - Weight (oz),Item - Category,Date - Ship By Date";
const ITEM_LEVEL_EXPORT_HEADER =
  "Order - Number,Bill To - Name,Ship To - Address 1,Ship To - Postal Code,Item - Name,Item - SKU,Item - Qty,Item - Price,Amount - Order Total,Amount - Shipping Cost,Amount - Order Shipping,Date - Order Date,Tracking Number,Source,Market - Store Name,Market - Markeplace Name";
const GRID_EXPORT_HEADER =
  '"Order #","Store","Age","Order Date","Item Name","Recipient","Ship Date","Quantity","Item SKU","Order Total","Shipping Paid","Rate","Service","Tags"';

// None of these headers contains a comma, so splitting on commas is enough here.
const headersOf = (line: string) => line.split(",").map((header) => header.replace(/^"(.*)"$/, "$1"));

describe("normalizeHeader", () => {
  test("spellings of one header become the same key", () => {
    for (const spelling of ["Ship To - Company", "Ship To Company", "ship_to_company", "SHIP-TO COMPANY", "\uFEFFShip To - Company", "  ship.to.company "]) {
      expect(normalizeHeader(spelling)).toBe("shiptocompany");
    }
    expect(normalizeHeader("Ship To - Address 1")).toBe("shiptoaddress1");
    expect(normalizeHeader("Order #")).toBe("order");
    expect(normalizeHeader("—")).toBe("");
  });
});

describe("mapOrderColumns", () => {
  test("finds all twenty columns in ShipStation's Export Orders catalog and keeps the rest, status and store among them", () => {
    const headers = headersOf(EXPORT_ORDERS_CATALOG_HEADER);
    const mapping = mapOrderColumns(headers);
    expect(mapping.indexOf).toEqual({
      orderNumber: 0, orderDate: 4, customerEmail: 8, shipToName: 11, shipToCompany: 12,
      shipToAddress1: 13, shipToAddress2: 14, shipToAddress3: 15, shipToCity: 16, shipToState: 17, shipToPostalCode: 18, shipToCountry: 19, shipToPhone: 20,
      orderTotal: 27, itemSku: 62, itemName: 63, itemQty: 64, itemPrice: 65, orderStatus: 1, store: 50,
    });
    expect(mapping.missing).toEqual([]);
    // Status and store are read, and kept in the details as well.
    expect(mapping.otherColumns).toHaveLength(headers.length - 18);
    expect(mapping.otherColumns).toContainEqual({ index: 50, header: "Market - Store Name" });
    expect(mapping.otherColumns.slice(0, 3)).toEqual([
      { index: 1, header: "Order - Status" }, { index: 2, header: "Order - CustomerID" }, { index: 3, header: "Order - Pay Method" },
    ]);
    expect(mapping.otherColumns.map((column) => column.header)).toContain("Amount - Order Subtotal");
    expect(mapping.otherColumns.map((column) => column.header)).toContain("Item - Fill SKU");
  });

  test("an item-level export without an e-mail column is missing it", () => {
    const mapping = mapOrderColumns(headersOf(ITEM_LEVEL_EXPORT_HEADER));
    expect(mapping.indexOf).toEqual({
      orderNumber: 0, shipToAddress1: 2, shipToPostalCode: 3, itemName: 4, itemSku: 5, itemQty: 6, itemPrice: 7, orderTotal: 8, orderDate: 11, store: 14,
    });
    expect(mapping.missing).toEqual(["customerEmail"]);
    expect(mapping.otherColumns.map((column) => column.header)).toEqual([
      "Bill To - Name", "Amount - Shipping Cost", "Amount - Order Shipping", "Tracking Number", "Source", "Market - Store Name", "Market - Markeplace Name",
    ]);
  });

  test("the orders grid's shorter names are recognised", () => {
    const mapping = mapOrderColumns(headersOf(GRID_EXPORT_HEADER));
    expect(mapping.indexOf).toEqual({ orderNumber: 0, store: 1, orderDate: 3, itemName: 4, shipToName: 5, itemQty: 7, itemSku: 8, orderTotal: 9 });
    expect(mapping.missing).toEqual(["customerEmail"]);
    expect(mapping.otherColumns.map((column) => column.index)).toEqual([1, 2, 6, 10, 11, 12, 13]);
  });

  test("e-mail aliases, a byte-order mark and odd spelling still match", () => {
    expect(mapOrderColumns(["\uFEFFBuyer Email", "order_date"]).indexOf).toEqual({ customerEmail: 0, orderDate: 1 });
    expect(mapOrderColumns(["EMAIL", "DATE-ORDER DATE"]).missing).toEqual([]);
    expect(mapOrderColumns(["Order Number", "Ship To - State/Province", "Ship To - Zip"]).indexOf).toEqual({ orderNumber: 0, shipToState: 1, shipToPostalCode: 2 });
  });

  test("the first matching header wins and a later duplicate is kept as another column", () => {
    const mapping = mapOrderColumns(["Email", "Order Date", "Customer Email"]);
    expect(mapping.indexOf.customerEmail).toBe(0);
    expect(mapping.otherColumns).toEqual([{ index: 2, header: "Customer Email" }]);
  });

  test("other columns keep their header text trimmed and without a byte-order mark; blank headers are dropped", () => {
    const mapping = mapOrderColumns(["\uFEFF  Store Notes ", "Customer Email", "", "   ", "Date - Order Date", "#"]);
    expect(mapping.otherColumns).toEqual([{ index: 0, header: "Store Notes" }, { index: 5, header: "#" }]);
  });

  test("nothing recognisable means both required columns are missing", () => {
    expect(mapOrderColumns([]).missing).toEqual(["customerEmail", "orderDate"]);
    expect(mapOrderColumns(["a", "b"]).missing).toEqual(["customerEmail", "orderDate"]);
  });
});

describe("ORDER_COLUMN_HEADERS", () => {
  test("no two columns share a header once normalized", () => {
    const owners = new Map<string, OrderColumn>();
    for (const [column, names] of Object.entries(ORDER_COLUMN_HEADERS) as [OrderColumn, readonly string[]][]) {
      for (const name of names) {
        const normalized = normalizeHeader(name);
        expect(owners.get(normalized) ?? column).toBe(column);
        owners.set(normalized, column);
      }
    }
    expect(new Set(owners.values()).size).toBe(20);
  });
});

describe("status and store", () => {
  test("are found under each of their names, and stay among the other columns under their header", () => {
    const spellings: [status: string, store: string][] = [
      ["Order - Status", "Market - Store Name"],
      ["Order Status", "Store Name"],
      ["status", "STORE"],
    ];
    for (const [status, store] of spellings) {
      const mapping = mapOrderColumns(["Customer Email", status, "Date - Order Date", ` ${store} `]);
      expect(mapping.indexOf).toEqual({ customerEmail: 0, orderStatus: 1, orderDate: 2, store: 3 });
      expect(mapping.otherColumns).toEqual([
        { index: 1, header: status },
        { index: 3, header: store },
      ]);
    }
  });

  test("the first of two store columns is read; both are kept", () => {
    const mapping = mapOrderColumns(["Store", "Customer Email", "Market - Store Name"]);
    expect(mapping.indexOf.store).toBe(0);
    expect(mapping.otherColumns.map(({ header }) => header)).toEqual(["Store", "Market - Store Name"]);
  });

  test("are kept in details, and no other column is", () => {
    expect([...ORDER_COLUMNS_KEPT_IN_DETAILS].sort()).toEqual(["orderStatus", "store"]);
  });
});

describe("describeMissingColumns", () => {
  test("names the missing columns by their ShipStation headers", () => {
    expect(describeMissingColumns(["customerEmail"])).toBe("Missing required column: Customer Email");
    expect(describeMissingColumns(["customerEmail", "orderDate"])).toBe("Missing required columns: Customer Email, Date - Order Date");
    expect(describeMissingColumns(["shipToAddress1"])).toBe("Missing required column: Ship To - Address 1");
    expect(describeMissingColumns([])).toBe("");
  });
});

describe("guessColumnMap: the upload dialog's first guess", () => {
  test("a ShipStation export maps each column to ShipStation's header, as an import without a map reads it", () => {
    const headers = headersOf(EXPORT_ORDERS_CATALOG_HEADER);
    const { columnMap, alsoMatching } = guessColumnMap(headers);
    expect(columnMap).toMatchObject({
      customerEmail: "Customer Email",
      orderDate: "Date - Order Date",
      orderNumber: "Order - Number",
      orderTotal: "Amount - Order Total",
      shipToCompany: "Ship To - Company",
      shipToName: "Ship To - Name",
      shipToPhone: "Ship To - Phone",
      store: "Market - Store Name",
    });
    expect(alsoMatching).toEqual({});
    const guessed = mapOrderColumns(headers, columnMap);
    const unmapped = mapOrderColumns(headers);
    expect(guessed.indexOf).toEqual(unmapped.indexOf);
    expect(guessed.otherColumns).toEqual(unmapped.otherColumns);
  });

  test("a HubSpot or spreadsheet export's names are guessed from common synonyms", () => {
    const { columnMap } = guessColumnMap(["Order #", "Order Date", "Email", "Company", "First Name", "Last Name", "Full Name", "Phone Number", "Total", "Zip", "State/Region"]);
    expect(columnMap).toEqual({
      orderNumber: "Order #",
      orderDate: "Order Date",
      customerEmail: "Email",
      shipToCompany: "Company",
      shipToName: "Full Name",
      shipToFirstName: "First Name",
      shipToLastName: "Last Name",
      shipToPhone: "Phone Number",
      orderTotal: "Total",
      shipToPostalCode: "Zip",
      shipToState: "State/Region",
    });
    expect(guessColumnMap(["Create Date", "E-mail Address", "Company Name", "Amount"]).columnMap).toEqual({
      orderDate: "Create Date",
      customerEmail: "E-mail Address",
      shipToCompany: "Company Name",
      orderTotal: "Amount",
    });
    expect(guessColumnMap(["Email", "Date", "Given Name", "Surname"]).columnMap).toEqual({ customerEmail: "Email", orderDate: "Date", shipToFirstName: "Given Name", shipToLastName: "Surname" });
  });

  test("when several headers could be one column, the first is chosen and the others are named beside it", () => {
    const { columnMap, alsoMatching } = guessColumnMap(["Email", "Contact Email", "Date", "Created Date", "Total"]);
    expect(columnMap).toMatchObject({ customerEmail: "Email", orderDate: "Date", orderTotal: "Total" });
    expect(alsoMatching).toEqual({ customerEmail: ["Contact Email"], orderDate: ["Created Date"] });
  });

  test("a header is given to one column at most, and a file without a required column leaves it unmapped", () => {
    const { columnMap } = guessColumnMap(["Name", "Notes", "", "Widget Count"]);
    expect(columnMap).toEqual({ shipToName: "Name" });
    expect(() => checkColumnMap(["Name", "Notes"], columnMap)).toThrow("Customer e-mail is required: choose the file's column that holds it");
  });
});

describe("a chosen column map", () => {
  const headers = ["Order #", "Placed", "Contact", "Org", "Total", "Notes"];
  const columnMap = { orderNumber: "Order #", orderDate: "Placed", customerEmail: "Contact", shipToCompany: "Org", shipToName: "Org" };

  test("reads each column from the header it names, one header may serve two columns, and unmapped headers are kept in details", () => {
    const mapping = mapOrderColumns(headers, columnMap);
    expect(mapping.indexOf).toEqual({ orderNumber: 0, orderDate: 1, customerEmail: 2, shipToCompany: 3, shipToName: 3 });
    expect(mapping.otherColumns).toEqual([
      { index: 4, header: "Total" },
      { index: 5, header: "Notes" },
    ]);
    expect(mapping.missing).toEqual([]);
  });

  test("checkColumnMap names the field as the dialog does: a required one left out, or a header the file lacks", () => {
    expect(() => checkColumnMap(headers, columnMap)).not.toThrow();
    const refusal = (map: Record<string, string>) => {
      try {
        checkColumnMap(headers, map);
      } catch (error) {
        return { field: (error as DomainError).field, message: (error as DomainError).message };
      }
      return undefined;
    };
    expect(refusal({ ...columnMap, orderDate: "" })).toEqual({ field: "columnMap.orderDate", message: "Order date is required: choose the file's column that holds it" });
    expect(refusal({ ...columnMap, orderTotal: "Amount" })).toEqual({ field: "columnMap.orderTotal", message: 'Order total: the file has no column "Amount"' });
  });

  test("the dialog's fields are every column the import reads, the contract's list, with ShipStation's 'Date - Order Date' meaning the order's date", () => {
    expect(ORDER_COLUMN_FIELDS.map(({ column }) => column)).toEqual([...ORDER_COLUMNS]);
    expect(ORDER_COLUMN_FIELDS.filter(({ required }) => required).map(({ label }) => label)).toEqual(["Customer e-mail", "Order date"]);
    expect(ORDER_COLUMN_FIELDS.find(({ column }) => column === "orderDate")!.meaning).toBe("The date this order was placed");
  });
});
