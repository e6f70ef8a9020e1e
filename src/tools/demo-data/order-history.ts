import { CustomerPicker } from "./customer-picker.ts";
import { CUSTOMER_PROFILES, type OrderSource } from "./customer-profiles.ts";
import { productChoiceFor, sourceChoiceFor } from "./buying-habits.ts";
import type { DemoCustomer } from "./demo-customers.ts";
import { OrderTimeline } from "./order-timeline.ts";
import type { Product } from "./product-catalog.ts";
import { WeightedChoice, type SeededRandom } from "./random.ts";
import { chooseShipping } from "./shipping.ts";
import { StoreOrderNumbers, type StoreName } from "./stores.ts";

/** ShipStation's order statuses; Cancelled and Rejected Fulfillment orders never happened as sales. */
export type OrderStatus = "Shipped" | "Awaiting Shipment" | "On Hold" | "Cancelled" | "Rejected Fulfillment";

export interface DemoOrderLine {
  product: Product;
  quantity: number;
  unitPriceCents: number;
}

export interface DemoOrder {
  /** The store's own number: the marketplace's numbers overlap the main store's. */
  orderNumber: string;
  store: StoreName;
  /** Another store has an earlier order with the same number. */
  sharesNumber: boolean;
  status: OrderStatus;
  /** ShipStation's format, New York time. */
  orderDate: string;
  customer: DemoCustomer;
  lines: DemoOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  carrierService: string;
  source: OrderSource;
}

/**
 * The business's order history, produced oldest first. Each order's date follows from how far into the
 * file it is written, so dates ascend and the file spans the whole history whatever its size. Orders
 * through the marketplace (source "amazon") are its store's, the rest the main store's (see StoreOrderNumbers).
 */
export class OrderHistory {
  private readonly customerPicker: CustomerPicker;
  private readonly timeline: OrderTimeline;
  private readonly storeNumbers: StoreOrderNumbers;

  /** storeRandom numbers the stores' orders, apart from random so that stores leave customers and rhythms as they were. */
  constructor(
    customers: readonly DemoCustomer[],
    lastDay: Date,
    private readonly random: SeededRandom,
    storeRandom: SeededRandom,
  ) {
    this.customerPicker = new CustomerPicker(customers, random);
    this.timeline = new OrderTimeline(lastDay);
    this.storeNumbers = new StoreOrderNumbers(storeRandom);
  }

  /** The next order, with at most as many lines as rows remain so that the file ends exactly at totalRows. */
  nextOrder(rowsWritten: number, totalRows: number): DemoOrder {
    const lineCount = Math.min(LINE_COUNTS.pick(this.random), totalRows - rowsWritten);
    const position = (rowsWritten + this.random.next() * lineCount) / totalRows;
    const customer = this.customerPicker.customerAt(position);
    const moment = this.timeline.momentAt(position);
    const lines = this.orderLines(customer, lineCount);
    const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    const source = this.random.chance(0.85) ? customer.usualSource : sourceChoiceFor(customer.kind).pick(this.random);
    const shipping = chooseShipping(subtotalCents, source, this.random);
    const { store, orderNumber, sharesNumber } = this.storeNumbers.storeOrder(customer, source);
    return {
      orderNumber,
      store,
      sharesNumber,
      status: this.status(moment.daysBeforeEnd),
      orderDate: moment.shipStationDate,
      customer,
      lines,
      subtotalCents,
      shippingCents: shipping.chargeCents,
      totalCents: subtotalCents + shipping.chargeCents,
      carrierService: shipping.service,
      source,
    };
  }

  private orderLines(customer: DemoCustomer, lineCount: number): DemoOrderLine[] {
    const products = new Set<Product>();
    const otherProducts = productChoiceFor(customer.kind);
    while (products.size < lineCount) {
      products.add(this.random.chance(0.8) ? this.random.pick(customer.usualProducts) : otherProducts.pick(this.random));
    }
    const volume = CUSTOMER_PROFILES[customer.kind].orderVolume;
    return [...products].map((product) => ({
      product,
      // Skewed towards small quantities, with the odd bulk buy.
      quantity: 1 + Math.floor(this.random.next() ** 2 * 2 * product.usualBusinessQuantity * volume),
      unitPriceCents: Math.round(product.unitPriceCents * (1 - customer.discount)),
    }));
  }

  /** Recent orders are still waiting to ship; older ones have shipped or, now and then, were cancelled or (rarely) rejected. */
  private status(daysBeforeEnd: number): OrderStatus {
    if (daysBeforeEnd <= 1) return RECENT_STATUSES.pick(this.random);
    if (daysBeforeEnd <= 3) return FEW_DAYS_OLD_STATUSES.pick(this.random);
    return SETTLED_STATUSES.pick(this.random);
  }
}

/** Line items per order: 2 on average. */
const LINE_COUNTS = new WeightedChoice([
  [1, 40],
  [2, 30],
  [3, 20],
  [4, 10],
] as const);

const RECENT_STATUSES = WeightedChoice.fromRecord<OrderStatus>({ "Awaiting Shipment": 75, "On Hold": 5, Shipped: 20, "Rejected Fulfillment": 0, Cancelled: 0 });
const FEW_DAYS_OLD_STATUSES = WeightedChoice.fromRecord<OrderStatus>({ "Awaiting Shipment": 12, "On Hold": 3, Shipped: 84, "Rejected Fulfillment": 0, Cancelled: 1 });
// Rejected Fulfillment takes its 0.2% from Shipped's end, so that the same orders as ever are cancelled.
const SETTLED_STATUSES = WeightedChoice.fromRecord<OrderStatus>({ "Awaiting Shipment": 0, "On Hold": 0.2, Shipped: 97.4, "Rejected Fulfillment": 0.2, Cancelled: 2.2 });
