import { closeSync, openSync, writeSync } from "node:fs";
import { invalid } from "../../core/errors.ts";
import { calendarDateInZone } from "../../core/time/wall-clock.ts";
import { DeliberateFlaws } from "./deliberate-flaws.ts";
import { createDemoCustomers, type DemoCustomer } from "./demo-customers.ts";
import { OrderHistory } from "./order-history.ts";
import { SeededRandom } from "./random.ts";
import { SHIPSTATION_EXPORT_HEADER, ShipStationRowEncoder } from "./shipstation-csv.ts";
import { MAIN_STORE, MARKETPLACE_STORE, type StoreName } from "./stores.ts";

export interface DemoExportOptions {
  /** Data rows to write, one per line item; the last order is shortened to end exactly here. */
  rows: number;
  /** Path of the CSV file to create or overwrite. */
  out: string;
  /** The same seed (default 1) and other options give a byte-identical file. */
  seed?: number;
  /** Customer e-mails, planted duplicates included; default: one per 10 rows. */
  customers?: number;
  /** The last day of order history, as its UTC calendar date (new Date("2026-11-15") is November 15); default: today in New York. */
  endDate?: Date;
}

export interface DemoExportSummary {
  rows: number;
  orders: number;
  /** Customer e-mails on at least one row the import reads: the accounts it creates. */
  customers: number;
  /** Rows spoiled on purpose (missing or invalid e-mail, unreadable date). */
  badRows: number;
  /**
   * Customers planted as also ordering under a second e-mail, as [first e-mail, second e-mail], where both are
   * on rows the import reads: the duplicate accounts the CRM ought to find. In the order the second ones joined.
   */
  plantedDuplicates: Array<[originalEmail: string, duplicateEmail: string]>;
  /** Orders written per store ("Market - Store Name"). */
  ordersByStore: Record<StoreName, number>;
  /** Orders whose number another store's order in the file also carries (both of each pair are counted). */
  ordersSharingNumber: number;
  /** Orders with the status Cancelled. */
  cancelledOrders: number;
  /** Orders with the status Rejected Fulfillment. */
  rejectedOrders: number;
}

/**
 * Writes a made-up ShipStation "Export Orders" CSV (one row per line item) of a drug-testing supplies
 * business: two years of orders from clinics, labs, treatment centers, employers and individual buyers, most
 * through its own store and some through a marketplace store whose order numbers overlap its own.
 * Streams to disk, keeping only the customers in memory. onProgress receives the rows written so far,
 * every 10,000 rows and once at the end.
 */
export function writeDemoShipStationExport(options: DemoExportOptions, onProgress?: (rowsWritten: number) => void): DemoExportSummary {
  const { rows, seed = 1, customers: customerCount = Math.max(1, Math.round(rows / 10)), endDate = new Date(calendarDateInZone(new Date(), "America/New_York")) } = options;
  validateOptions(rows, seed, customerCount, endDate);

  // Separate streams, so that for example a change to how customers are made leaves order flaws where they were.
  const random = new SeededRandom(seed);
  const customers = createDemoCustomers(customerCount, random.derive(CUSTOMER_STREAM), random.derive(DUPLICATE_STREAM));
  const history = new OrderHistory(customers, endDate, random.derive(ORDER_STREAM), random.derive(STORE_STREAM));
  const flaws = new DeliberateFlaws(random.derive(FLAW_STREAM));
  const encoder = new ShipStationRowEncoder();

  // Plain synchronous writes: Bun's FileSink has been seen to repeat the tail of a chunk holding multi-byte characters.
  const fd = openSync(options.out, "w");
  let rowsWritten = 0;
  let orders = 0;
  let badRows = 0;
  const ordersByStore: Record<StoreName, number> = { [MAIN_STORE]: 0, [MARKETPLACE_STORE]: 0 };
  let ordersSharingNumber = 0;
  let cancelledOrders = 0;
  let rejectedOrders = 0;
  const customersInFile = new Set<DemoCustomer>();
  try {
    let chunk: string[] = [SHIPSTATION_EXPORT_HEADER];
    while (rowsWritten < rows) {
      const order = history.nextOrder(rowsWritten, rows);
      orders++;
      ordersByStore[order.store]++;
      // The other order of the pair was written earlier.
      if (order.sharesNumber) ordersSharingNumber += 2;
      if (order.status === "Cancelled") cancelledOrders++;
      else if (order.status === "Rejected Fulfillment") rejectedOrders++;
      const orderColumns = encoder.orderColumns(order, order.customer.email, order.orderDate);
      for (const line of order.lines) {
        const flaw = flaws.flawForRow(rowsWritten, order);
        if (flaw === undefined) customersInFile.add(order.customer);
        else badRows++;
        chunk.push(encoder.lineItemRow(flaw === undefined ? orderColumns : encoder.orderColumns(order, flaw.customerEmail, flaw.orderDate), order, line));
        rowsWritten++;
        if (rowsWritten % ROWS_PER_CHUNK === 0) {
          writeSync(fd, chunk.join(""));
          chunk = [];
          onProgress?.(rowsWritten);
        }
      }
    }
    writeSync(fd, chunk.join(""));
  } finally {
    closeSync(fd);
  }
  if (rowsWritten % ROWS_PER_CHUNK !== 0) onProgress?.(rowsWritten);
  const plantedDuplicates = customers.flatMap((customer): Array<[string, string]> => {
    const original = customer.duplicateOf;
    return original !== undefined && customersInFile.has(customer) && customersInFile.has(original) ? [[original.email, customer.email]] : [];
  });
  return { rows: rowsWritten, orders, customers: customersInFile.size, badRows, plantedDuplicates, ordersByStore, ordersSharingNumber, cancelledOrders, rejectedOrders };
}

const CUSTOMER_STREAM = 1;
const ORDER_STREAM = 2;
const FLAW_STREAM = 3;
const DUPLICATE_STREAM = 4;
const STORE_STREAM = 5;
const ROWS_PER_CHUNK = 10_000;
const LARGEST_SEED = 0xffffffff;

function validateOptions(rows: number, seed: number, customers: number, endDate: Date): void {
  if (!Number.isSafeInteger(rows) || rows < 1) throw invalid("rows", "rows must be a whole number of at least 1");
  if (!Number.isSafeInteger(customers) || customers < 1) throw invalid("customers", "customers must be a whole number of at least 1");
  if (!Number.isInteger(seed) || seed < 0 || seed > LARGEST_SEED) throw invalid("seed", `seed must be a whole number from 0 to ${LARGEST_SEED}`);
  if (Number.isNaN(endDate.getTime())) throw invalid("endDate", "end date is not a valid date");
}
