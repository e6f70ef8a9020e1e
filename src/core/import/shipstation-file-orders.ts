import { IMPORTED_LONG_TEXT_MAX_LENGTH, ORDER_COLUMNS } from "../../contracts/imports.ts";
import { SHORT_TEXT_MAX_LENGTH } from "../../contracts/common.ts";
import { ROW_ORDER_ID_PREFIX, type OrderStatus } from "../../contracts/orders.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import { invalid } from "../errors.ts";
import type { ShipToAddress } from "../orders/incoming-order.ts";
import { parseOrderStatus } from "../orders/order-status.ts";
import { fingerprintOf, lineOf, writeFingerprintedFields, type OrderLine, type PreparedOrder } from "../orders/prepared-order.ts";
import { Utf8Writer } from "../orders/utf8-writer.ts";
import type { CsvRow } from "./csv-file-reader.ts";
import { parseMoneyToCents, plainAmountBytesToCents } from "../money/money.ts";
import { checkColumnMap, describeMissingColumns, mapOrderColumns, type ColumnMap, type OrderColumn } from "./order-columns.ts";
import { parseShipStationDate, parseUsDateTimeBytes } from "../time/shipstation-date.ts";
import { UnreadableValueError } from "../unreadable-value.ts";
import { formatCount } from "../../contracts/counts.ts";

/** What a skipped row says of its order, as written, so that someone can find it in the export and in ShipStation. */
export interface SkippedRowKeys {
  orderNumber: string;
  customerEmail: string;
}

export interface ExportFileSink {
  /** An order read whole; its raw JSON is a view that is only valid during the call. */
  order(order: PreparedOrder): void;
  /** A row that was skipped, by the line of the file it starts on, with what it says of its order as written. */
  rowError(line: number, reason: string, keys: SkippedRowKeys): void;
}

/**
 * Reads the rows of one ShipStation export into prepared orders, grouping consecutive item rows of the
 * same order (the same order number, customer e-mail and store: two stores, or two customers, may use one
 * number) into one order. Runs once per row of files with a million rows, so it writes each order's stored
 * JSON straight from the file's bytes (see CsvRow), makes strings only of the cells it must read (e-mail,
 * date, amounts, the customer's name, store and status), and reads an item row that repeats its order's
 * columns for its item columns only. A cell longer than the API would take makes its row an error.
 *
 * The JSON is exactly what writeStoredOrderRaw writes for the same order (`{"shipTo":{…},"items":[…],
 * "orderTotalCents":…,"details":{…}}`), so that an order fingerprints the same whichever way it came.
 */
export class ShipStationFileOrders {
  private at = {} as Record<OrderColumn, number>;
  private orderLevelIndexes: number[] = [];
  /** Each ship-to column's key and index, in the order of ShipToAddress's keys. */
  private shipToColumns: [key: string, index: number][] = [];
  private detailColumns: DetailColumn[] = [];
  /** Whether columns share a header, which makes the order of the details keys depend on the row. */
  private hasRepeatedHeaders = false;
  /** The cells whose length is checked, by ascending index, with each one's limit and header. */
  private checkedIndexes = new Int32Array(0);
  private checkedLimits = new Int32Array(0);
  private checkedHeaders: string[] = [];
  /** Statuses as written, parsed: an export writes the same few again and again. */
  private readonly statusByText = new Map<string, OrderStatus | null>();
  private pending: PendingOrder | undefined;
  /** The pending order's fingerprinted fields and raw JSON, up to its items so far. */
  private readonly written = new Utf8Writer(4096);
  /** The pending order's details object, which the raw JSON ends with. */
  private readonly details = new Utf8Writer(1024);

  constructor(
    private readonly timeZone: string,
    /** Staff's choice of which column is which; without it, ShipStation's names are read. */
    private readonly columnMap: ColumnMap | undefined,
    private readonly sink: ExportFileSink,
  ) {}

  useHeader(headers: string[]): void {
    if (this.columnMap !== undefined) checkColumnMap(headers, this.columnMap);
    const mapping = mapOrderColumns(headers, this.columnMap);
    if (mapping.missing.length > 0) throw invalid("file", describeMissingColumns(mapping.missing));
    for (const column of ORDER_COLUMNS) this.at[column] = mapping.indexOf[column] ?? -1;
    this.orderLevelIndexes = ORDER_LEVEL_COLUMNS.map((column) => this.at[column]);
    this.shipToColumns = SHIP_TO_COLUMNS.map(([key, column]) => [key, this.at[column]]);
    this.detailColumns = detailColumnsOf(mapping.otherColumns);
    this.hasRepeatedHeaders = this.detailColumns.some(({ indexes }) => indexes.length > 1);
    this.useLengthLimits(headers, mapping.otherColumns);
  }

  readRow(row: CsvRow): void {
    try {
      this.checkLengths(row);
      if (this.continuesPendingOrder(row)) {
        this.addItem(row, readItem(row, this.at));
        return;
      }
      const order = this.readOrderColumns(row);
      const item = readItem(row, this.at);
      const pending = this.pending;
      if (pending && pending.externalId === order.externalId && pending.customerEmail === order.customerEmail && pending.store === order.store) {
        this.addItem(row, item);
        return;
      }
      this.flush();
      this.start(row, order, item);
    } catch (error) {
      if (!(error instanceof UnreadableValueError)) throw error;
      this.sink.rowError(row.line, error.message, { orderNumber: row.trimmed(this.at.orderNumber), customerEmail: row.trimmed(this.at.customerEmail) });
    }
  }

  finish(): void {
    this.flush();
  }

  /**
   * Every cell the import reads or stores has a limit: SHORT_TEXT_MAX_LENGTH for the columns it reads (as
   * the API holds what staff type to it), IMPORTED_LONG_TEXT_MAX_LENGTH for item names and the columns kept
   * in details. Cells past the header's end are neither read nor stored.
   */
  private useLengthLimits(headers: string[], otherColumns: { index: number; header: string }[]): void {
    const checked = new Map<number, { limit: number; header: string }>();
    const check = (index: number, limit: number, header: string) => {
      const known = checked.get(index);
      if (!known || limit < known.limit) checked.set(index, { limit, header });
    };
    for (const column of ORDER_COLUMNS) {
      const index = this.at[column];
      if (index >= 0) check(index, column === "itemName" ? IMPORTED_LONG_TEXT_MAX_LENGTH : SHORT_TEXT_MAX_LENGTH, headerText(headers[index]!));
    }
    for (const { index, header } of otherColumns) check(index, IMPORTED_LONG_TEXT_MAX_LENGTH, header);
    const byIndex = [...checked].sort(([a], [b]) => a - b);
    this.checkedIndexes = Int32Array.from(byIndex, ([index]) => index);
    this.checkedLimits = Int32Array.from(byIndex, ([, { limit }]) => limit);
    this.checkedHeaders = byIndex.map(([, { header }]) => header);
  }

  /**
   * Throws UnreadableValueError for a cell longer than its limit. A cell's bytes are never fewer than its
   * characters, so only a cell of more bytes than its limit is made a string to count them.
   */
  private checkLengths(row: CsvRow): void {
    const { starts, ends, cellCount } = row;
    const indexes = this.checkedIndexes;
    const limits = this.checkedLimits;
    for (let at = 0; at < indexes.length; at++) {
      const index = indexes[at]!;
      if (index >= cellCount) return;
      const limit = limits[at]!;
      if (ends[index]! - starts[index]! > limit && row.trimmed(index).length > limit) {
        throw new UnreadableValueError(`"${this.checkedHeaders[at]}" is longer than ${formatCount(limit)} characters`);
      }
    }
  }

  /**
   * An item row repeating its order's columns word for word needs none of them read again: only its item
   * columns are new. This halves the work of an export whose orders have several items.
   */
  private continuesPendingOrder(row: CsvRow): boolean {
    const pending = this.pending;
    if (!pending?.orderLevelCells) return false;
    const cells = pending.orderLevelCells;
    for (let column = 0; column < cells.length; column++) {
      if (!row.trimmedEquals(this.orderLevelIndexes[column]!, cells[column]!)) return false;
    }
    return true;
  }

  /** The columns every row of an order repeats, read and checked; throws UnreadableValueError for a bad one. */
  private readOrderColumns(row: CsvRow): OrderColumns {
    const at = this.at;
    const emailText = row.trimmed(at.customerEmail);
    if (!emailText) throw new UnreadableValueError("missing customer e-mail");
    const customerEmail = normalizeCustomerEmail(emailText);
    if (!customerEmail) throw new UnreadableValueError(`invalid customer e-mail "${emailText}"`);
    const placedAt = this.readDate(row);
    if (!placedAt) throw new UnreadableValueError("missing order date");
    const orderNumber = row.trimmed(at.orderNumber) || null;
    return {
      // Without an order number a row is its own order, identified by its content so a re-import finds it again.
      externalId: orderNumber ?? `${ROW_ORDER_ID_PREFIX}${Bun.hash(row.fields().join("\u001f")).toString(36)}`,
      orderNumber,
      store: row.trimmed(at.store) || null,
      status: this.readStatus(row),
      customerEmail,
      placedAtMs: placedAt.getTime(),
      totalCents: readCents(row, at.orderTotal),
    };
  }

  private readStatus(row: CsvRow): OrderStatus | null {
    const index = this.at.orderStatus;
    if (row.isBlank(index)) return null;
    const text = row.text(index);
    let status = this.statusByText.get(text);
    if (status === undefined) {
      status = parseOrderStatus(text);
      if (this.statusByText.size < MAX_STATUS_SPELLINGS) this.statusByText.set(text, status);
    }
    return status;
  }

  private readDate(row: CsvRow): Date | null {
    const index = this.at.orderDate;
    if (row.plainBytes(index) && row.trimEnd > row.trimStart) {
      const date = parseUsDateTimeBytes(row.buffer, row.trimStart, row.trimEnd, this.timeZone);
      if (date !== undefined) return date;
    }
    return parseShipStationDate(row.trimmed(index), this.timeZone);
  }

  /** Begins a new pending order with its first row: the stored JSON up to that row's item, and its details. */
  private start(row: CsvRow, order: OrderColumns, item: ReadItem | undefined): void {
    const at = this.at;
    const joinedName = this.joinedName(row);
    const out = this.written;
    out.startOver(out.bytes);
    writeFingerprintedFields(order, out);
    const rawStart = out.length;
    out.ascii('{"shipTo":{');
    let first = true;
    for (const [key, index] of this.shipToColumns) {
      const named = key === "name" && joinedName !== "";
      if (!named && row.isBlank(index)) continue;
      if (!first) out.ascii(",");
      out.jsonKey(key);
      if (named) out.jsonString(joinedName);
      else row.writeJsonString(index, out);
      first = false;
    }
    out.ascii('},"items":[');
    this.writeDetails(row);
    this.pending = {
      ...order,
      customer: {
        company: row.trimmed(at.shipToCompany) || undefined,
        name: row.trimmed(at.shipToName) || joinedName || undefined,
        phone: row.trimmed(at.shipToPhone) || undefined,
      },
      rawStart,
      itemCount: 0,
      lines: [],
      orderLevelCells: order.orderNumber === null ? null : copyCells(row, this.orderLevelIndexes),
    };
    this.addItem(row, item);
  }

  /**
   * The customer's name from First name and Last name, for a row without a Customer name; "" otherwise, and
   * always for a file whose map names neither (every ShipStation export), so that its orders read as before.
   */
  private joinedName(row: CsvRow): string {
    const { shipToFirstName, shipToLastName, shipToName } = this.at;
    if ((shipToFirstName < 0 && shipToLastName < 0) || !row.isBlank(shipToName)) return "";
    const name = [row.trimmed(shipToFirstName), row.trimmed(shipToLastName)].filter((part) => part !== "").join(" ");
    if (name.length > SHORT_TEXT_MAX_LENGTH) throw new UnreadableValueError(`the first and last names together are longer than ${formatCount(SHORT_TEXT_MAX_LENGTH)} characters`);
    return name;
  }

  private addItem(row: CsvRow, item: ReadItem | undefined): void {
    const pending = this.pending!;
    if (item === undefined) return;
    const out = this.written;
    out.ascii(pending.itemCount === 0 ? "{" : ",{");
    let first = true;
    const key = (name: string) => {
      if (!first) out.ascii(",");
      out.jsonKey(name);
      first = false;
    };
    if (!row.isBlank(this.at.itemSku)) {
      key("sku");
      row.writeJsonString(this.at.itemSku, out);
    }
    if (!row.isBlank(this.at.itemName)) {
      key("name");
      row.writeJsonString(this.at.itemName, out);
    }
    if (item.quantity !== undefined) {
      key("quantity");
      out.jsonNumber(item.quantity);
    }
    if (item.unitPriceCents !== null) {
      key("unitPriceCents");
      out.jsonNumber(item.unitPriceCents);
    }
    out.ascii("}");
    if (!row.isBlank(this.at.itemSku)) {
      const name = row.isBlank(this.at.itemName) ? undefined : row.trimmed(this.at.itemName);
      pending.lines.push(lineOf(pending.itemCount, row.trimmed(this.at.itemSku), name, item.quantity, item.unitPriceCents ?? undefined)!);
    }
    pending.itemCount++;
  }

  private writeDetails(row: CsvRow): void {
    const out = this.details;
    out.startOver(out.bytes);
    out.ascii("{");
    let first = true;
    const write = (key: string, index: number) => {
      if (!first) out.ascii(",");
      out.jsonKey(key);
      row.writeJsonString(index, out);
      first = false;
    };
    if (this.hasRepeatedHeaders) {
      for (const { key, index } of this.filledDetails(row)) write(key, index);
    } else {
      for (const { key, indexes } of this.detailColumns) if (!row.isBlank(indexes[0]!)) write(key, indexes[0]!);
    }
    out.ascii("}");
  }

  /**
   * For an export whose columns share headers: the row's filled detail cells, each key once, in the order
   * setting them one by one on an object would leave them: integer-like keys first, ascending, then the
   * rest where their first filled column is; of columns sharing a header the last filled one gives the value.
   */
  private filledDetails(row: CsvRow): { key: string; index: number; firstFilled: number }[] {
    const filled: { key: string; index: number; firstFilled: number }[] = [];
    for (const { key, indexes } of this.detailColumns) {
      let firstFilled = -1;
      let lastFilled = -1;
      for (const index of indexes) {
        if (row.isBlank(index)) continue;
        if (firstFilled === -1) firstFilled = index;
        lastFilled = index;
      }
      if (lastFilled !== -1) filled.push({ key, index: lastFilled, firstFilled });
    }
    const integerKeys = filled.filter(({ key }) => isArrayIndex(key));
    const otherKeys = filled.filter(({ key }) => !isArrayIndex(key)).sort((a, b) => a.firstFilled - b.firstFilled);
    return [...integerKeys, ...otherKeys];
  }

  private flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    const out = this.written;
    out.ascii('],"orderTotalCents":');
    if (pending.totalCents === null) out.ascii("null");
    else out.jsonNumber(pending.totalCents);
    out.ascii(',"details":');
    out.append(this.details.view());
    out.ascii("}");
    this.sink.order({
      source: "csv",
      externalId: pending.externalId,
      orderNumber: pending.orderNumber,
      store: pending.store,
      shipstationOrderId: null,
      status: pending.status,
      customerEmail: pending.customerEmail,
      placedAtMs: pending.placedAtMs,
      totalCents: pending.totalCents,
      raw: out.view(pending.rawStart),
      contentHash: fingerprintOf(out.view()),
      customer: pending.customer,
      lines: pending.lines,
    });
  }

}

interface OrderColumns {
  externalId: string;
  orderNumber: string | null;
  store: string | null;
  status: OrderStatus | null;
  customerEmail: string;
  placedAtMs: number;
  totalCents: number | null;
}

interface PendingOrder extends OrderColumns {
  customer: PreparedOrder["customer"];
  rawStart: number;
  itemCount: number;
  lines: OrderLine[];
  /** The trimmed bytes of its first row's order-level cells; null when they cannot be compared as bytes. */
  orderLevelCells: Uint8Array[] | null;
}

/** An item row's numbers, read and checked before anything of the row is written. */
interface ReadItem {
  quantity: number | undefined;
  unitPriceCents: number | null;
}

/** Columns the import does not understand, kept in the order's details under their header. */
interface DetailColumn {
  key: string;
  indexes: number[];
}

/** The columns that make an order what it is; item rows of one order repeat them. */
const ORDER_LEVEL_COLUMNS: readonly OrderColumn[] = ["orderNumber", "customerEmail", "store", "orderDate", "orderTotal", "shipToName", "shipToFirstName", "shipToLastName", "shipToCompany"];

/** Spellings of a status kept parsed: a handful in any real export, and never many however odd the file. */
const MAX_STATUS_SPELLINGS = 64;

/** The ship-to keys in ShipToAddress's order: the stored JSON's key order, which fingerprints compare. */
export const SHIP_TO_COLUMNS: readonly [key: keyof ShipToAddress, column: OrderColumn][] = [
  ["name", "shipToName"],
  ["company", "shipToCompany"],
  ["street1", "shipToAddress1"],
  ["street2", "shipToAddress2"],
  ["street3", "shipToAddress3"],
  ["city", "shipToCity"],
  ["state", "shipToState"],
  ["postalCode", "shipToPostalCode"],
  ["country", "shipToCountry"],
  ["phone", "shipToPhone"],
];

function readItem(row: CsvRow, at: Record<OrderColumn, number>): ReadItem | undefined {
  if (row.isBlank(at.itemSku) && row.isBlank(at.itemName) && row.isBlank(at.itemQty) && row.isBlank(at.itemPrice)) return undefined;
  return { quantity: readQuantity(row, at.itemQty), unitPriceCents: readCents(row, at.itemPrice) };
}

/** An amount cell in cents, null when blank; read from its bytes when it is plain, as nearly all are. */
function readCents(row: CsvRow, index: number): number | null {
  if (row.plainBytes(index)) {
    const cents = plainAmountBytesToCents(row.buffer, row.trimStart, row.trimEnd);
    if (cents !== undefined) return cents;
  }
  return parseMoneyToCents(row.trimmed(index));
}

/** A quantity cell, undefined when blank; read from its bytes when it is plain digits, as nearly all are. */
function readQuantity(row: CsvRow, index: number): number | undefined {
  if (row.plainBytes(index)) {
    const { buffer, trimStart, trimEnd } = row;
    if (trimStart === trimEnd) return undefined;
    let quantity = 0;
    for (let at = trimStart; at < trimEnd && quantity >= 0; at++) {
      const digit = buffer[at]! - 0x30;
      quantity = digit >= 0 && digit <= 9 && at - trimStart < 15 ? quantity * 10 + digit : -1;
    }
    if (quantity >= 0) return quantity;
  }
  const text = row.trimmed(index);
  return text ? parseQuantity(text) : undefined;
}

function copyCells(row: CsvRow, indexes: number[]): Uint8Array[] | null {
  const cells: Uint8Array[] = [];
  for (const index of indexes) {
    const copy = row.copyTrimmed(index);
    if (copy === null) return null;
    cells.push(copy);
  }
  return cells;
}

/**
 * The details' columns by key, in the order an object given them one by one would list its keys, as the
 * stored JSON of an order read any other way does: integer-like keys first, ascending, then the rest as
 * they came (see filledDetails for headers that repeat); `__proto__` is no key of a plain object and is
 * left out.
 */
function detailColumnsOf(otherColumns: { index: number; header: string }[]): DetailColumn[] {
  const byKey = new Map<string, DetailColumn>();
  for (const { index, header } of otherColumns) {
    if (header === "__proto__") continue;
    const known = byKey.get(header);
    if (known) known.indexes.push(index);
    else byKey.set(header, { key: header, indexes: [index] });
  }
  const columns = [...byKey.values()];
  const integers = columns.filter(({ key }) => isArrayIndex(key)).sort((a, b) => Number(a.key) - Number(b.key));
  return [...integers, ...columns.filter(({ key }) => !isArrayIndex(key))];
}

/** A header as errors name its column: as written, trimmed, without a byte-order mark. */
function headerText(header: string): string {
  return header.replace(/^\uFEFF/, "").trim();
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

function parseQuantity(text: string): number {
  const quantity = Number(text.includes(",") ? text.replaceAll(",", "") : text);
  if (!Number.isInteger(quantity) || quantity < 0) throw new UnreadableValueError(`unreadable quantity "${text}"`);
  return quantity;
}
