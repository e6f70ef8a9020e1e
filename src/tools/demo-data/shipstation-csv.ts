import type { DemoCustomer } from "./demo-customers.ts";
import type { DemoOrder, DemoOrderLine } from "./order-history.ts";
import type { Product } from "./product-catalog.ts";

/** The columns of ShipStation's "Export Orders" CSV that the CRM imports, in export order. */
export const SHIPSTATION_EXPORT_COLUMNS = [
  "Order - Number",
  "Order - Status",
  "Date - Order Date",
  "Customer Email",
  "Ship To - Name",
  "Ship To - Company",
  "Ship To - Address 1",
  "Ship To - Address 2",
  "Ship To - City",
  "Ship To - State",
  "Ship To - Postal Code",
  "Ship To - Country",
  "Ship To - Phone",
  "Amount - Order Subtotal",
  "Amount - Order Shipping",
  "Amount - Order Total",
  "Item - SKU",
  "Item - Name",
  "Item - Qty",
  "Item - Price",
  "Carrier - Service Selected",
  "Market - Store Name",
  "Source",
] as const;

export const SHIPSTATION_EXPORT_HEADER = `${SHIPSTATION_EXPORT_COLUMNS.join(",")}\n`;

/**
 * Turns orders into CSV rows. A customer's ship-to columns and a product's columns are the same on every
 * row they appear in, so each is encoded once and reused: that is most of the work on a large file.
 */
export class ShipStationRowEncoder {
  private readonly shipToColumns = new Map<DemoCustomer, string>();
  private readonly productColumns = new Map<Product, string>();
  private readonly serviceColumns = new Map<string, string>();

  /** The order's columns, which ShipStation repeats on every line item row of the order (no line end). */
  orderColumns(order: DemoOrder, customerEmail: string, orderDate: string): string {
    const money = `${formatMoney(order.subtotalCents)},${formatMoney(order.shippingCents)},${formatMoney(order.totalCents)}`;
    return `${order.orderNumber},${order.status},${csvField(orderDate)},${csvField(customerEmail)},${this.shipToColumnsOf(order.customer)},${money}`;
  }

  /** One line item row, ending in "\n". */
  lineItemRow(orderColumns: string, order: DemoOrder, line: DemoOrderLine): string {
    return `${orderColumns},${this.productColumnsOf(line.product)},${line.quantity},${formatMoney(line.unitPriceCents)},${this.serviceColumnOf(order.carrierService)},${csvField(order.store)},${order.source}\n`;
  }

  private shipToColumnsOf(customer: DemoCustomer): string {
    let columns = this.shipToColumns.get(customer);
    if (columns === undefined) {
      const { contactName, company, address, city, phone } = customer;
      columns = [contactName, company, address.address1, address.address2, city.city, city.state, address.postalCode, "US", phone].map(csvField).join(",");
      this.shipToColumns.set(customer, columns);
    }
    return columns;
  }

  private productColumnsOf(product: Product): string {
    let columns = this.productColumns.get(product);
    if (columns === undefined) {
      columns = `${csvField(product.sku)},${csvField(product.name)}`;
      this.productColumns.set(product, columns);
    }
    return columns;
  }

  private serviceColumnOf(service: string): string {
    let column = this.serviceColumns.get(service);
    if (column === undefined) {
      column = csvField(service);
      this.serviceColumns.set(service, column);
    }
    return column;
  }
}

/** Quotes a field only when RFC 4180 requires it, as ShipStation's item-level export does. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** Dollars with two decimals and no thousands separator, e.g. 1234.50. */
export function formatMoney(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
