import { normalizeCustomerEmail } from "../accounts/email.ts";
import { invalid } from "../errors.ts";
import type { IncomingOrder, OrderItem, ShipToAddress } from "../orders/incoming-order.ts";
import { parseMoneyToCents } from "./money.ts";
import { describeMissingColumns, mapOrderColumns, ORDER_COLUMN_HEADERS, type OrderColumn } from "./order-columns.ts";
import { parseShipStationDate } from "./shipstation-date.ts";
import { UnreadableValueError } from "./unreadable-value.ts";

export interface ExportFileSink {
  order(order: IncomingOrder): void;
  /** A row that was skipped, by the line of the file it starts on. */
  rowError(line: number, reason: string): void;
}

/**
 * Reads the rows of one ShipStation export into orders, grouping consecutive item rows of the same order
 * number into one order. Runs once per row of files with a million rows, so cells are reached by index
 * and an item row that repeats its order's columns is read for its item columns only.
 */
export class ExportFileOrders {
  private at = {} as Record<OrderColumn, number>;
  private orderLevelIndexes: number[] = [];
  private otherColumns: { index: number; header: string }[] = [];
  private pending: IncomingOrder | undefined;
  private pendingOrderCells: string[] = [];

  constructor(
    private readonly timeZone: string,
    private readonly sink: ExportFileSink,
  ) {}

  useHeader(headers: string[]): void {
    const mapping = mapOrderColumns(headers);
    if (mapping.missing.length > 0) throw invalid("file", describeMissingColumns(mapping.missing));
    for (const column of ALL_COLUMNS) this.at[column] = mapping.indexOf[column] ?? -1;
    this.orderLevelIndexes = ORDER_LEVEL_COLUMNS.map((column) => this.at[column]);
    this.otherColumns = mapping.otherColumns;
  }

  readRow(fields: string[], line: number): void {
    try {
      if (this.continuesPendingOrder(fields)) {
        const item = this.item(fields);
        if (item) this.pending!.items.push(item);
        return;
      }
      const order = this.orderFromRow(fields);
      if (this.pending && this.pending.externalId === order.externalId) {
        this.pending.items.push(...order.items);
        return;
      }
      this.flush();
      this.pending = order;
      this.pendingOrderCells = this.orderLevelIndexes.map((index) => cell(fields, index));
    } catch (error) {
      if (!(error instanceof UnreadableValueError)) throw error;
      this.sink.rowError(line, error.message);
    }
  }

  finish(): void {
    this.flush();
  }

  /**
   * An item row repeating its order's columns word for word needs none of them read again: only its item
   * columns are new. This halves the work of an export whose orders have several items.
   */
  private continuesPendingOrder(fields: string[]): boolean {
    const orderNumber = this.pending?.orderNumber;
    if (!orderNumber || cell(fields, this.at.orderNumber) !== orderNumber) return false;
    for (let column = 0; column < this.orderLevelIndexes.length; column++) {
      if (cell(fields, this.orderLevelIndexes[column]!) !== this.pendingOrderCells[column]) return false;
    }
    return true;
  }

  private flush(): void {
    if (!this.pending) return;
    this.sink.order(this.pending);
    this.pending = undefined;
  }

  private orderFromRow(fields: string[]): IncomingOrder {
    const at = this.at;
    const emailText = cell(fields, at.customerEmail);
    if (!emailText) throw new UnreadableValueError("missing customer e-mail");
    const customerEmail = normalizeCustomerEmail(emailText);
    if (!customerEmail) throw new UnreadableValueError(`invalid customer e-mail "${emailText}"`);
    const placedAt = parseShipStationDate(cell(fields, at.orderDate), this.timeZone);
    if (!placedAt) throw new UnreadableValueError("missing order date");

    const orderNumber = cell(fields, at.orderNumber) || null;
    const item = this.item(fields);
    return {
      source: "csv",
      // Without an order number a row is its own order, identified by its content so a re-import finds it again.
      externalId: orderNumber ?? `row:${Bun.hash(fields.join("\u001f")).toString(36)}`,
      orderNumber,
      customerEmail,
      placedAt,
      totalCents: parseMoneyToCents(cell(fields, at.orderTotal)),
      shipTo: this.shipTo(fields),
      items: item ? [item] : [],
      details: this.details(fields),
    };
  }

  private shipTo(fields: string[]): ShipToAddress {
    const at = this.at;
    const shipTo: ShipToAddress = {};
    // Written field by field in this order: it is the key order of the stored JSON, which fingerprints compare.
    let text = cell(fields, at.shipToName);
    if (text) shipTo.name = text;
    if ((text = cell(fields, at.shipToCompany))) shipTo.company = text;
    if ((text = cell(fields, at.shipToAddress1))) shipTo.street1 = text;
    if ((text = cell(fields, at.shipToAddress2))) shipTo.street2 = text;
    if ((text = cell(fields, at.shipToAddress3))) shipTo.street3 = text;
    if ((text = cell(fields, at.shipToCity))) shipTo.city = text;
    if ((text = cell(fields, at.shipToState))) shipTo.state = text;
    if ((text = cell(fields, at.shipToPostalCode))) shipTo.postalCode = text;
    if ((text = cell(fields, at.shipToCountry))) shipTo.country = text;
    if ((text = cell(fields, at.shipToPhone))) shipTo.phone = text;
    return shipTo;
  }

  private item(fields: string[]): OrderItem | undefined {
    const at = this.at;
    const sku = cell(fields, at.itemSku);
    const name = cell(fields, at.itemName);
    const quantityText = cell(fields, at.itemQty);
    const priceText = cell(fields, at.itemPrice);
    if (!sku && !name && !quantityText && !priceText) return undefined;
    const item: OrderItem = {};
    if (sku) item.sku = sku;
    if (name) item.name = name;
    if (quantityText) item.quantity = parseQuantity(quantityText);
    const unitPriceCents = parseMoneyToCents(priceText);
    if (unitPriceCents !== null) item.unitPriceCents = unitPriceCents;
    return item;
  }

  private details(fields: string[]): Record<string, string> {
    const details: Record<string, string> = {};
    for (const { index, header } of this.otherColumns) {
      const text = fields[index]?.trim();
      if (text) details[header] = text;
    }
    return details;
  }
}

/** The columns that make an order what it is; item rows of one order repeat them. */
const ORDER_LEVEL_COLUMNS: readonly OrderColumn[] = ["customerEmail", "orderDate", "orderTotal", "shipToName", "shipToCompany"];

const ALL_COLUMNS = Object.keys(ORDER_COLUMN_HEADERS) as OrderColumn[];

/** The trimmed text of a cell; a column the file lacks (index -1) or a short row reads as blank. */
function cell(fields: string[], index: number): string {
  return index < 0 ? "" : (fields[index] ?? "").trim();
}

function parseQuantity(text: string): number {
  const quantity = Number(text.includes(",") ? text.replaceAll(",", "") : text);
  if (!Number.isInteger(quantity) || quantity < 0) throw new UnreadableValueError(`unreadable quantity "${text}"`);
  return quantity;
}
