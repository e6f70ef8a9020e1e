import type { OrderSource } from "./customer-profiles.ts";
import type { DemoCustomer } from "./demo-customers.ts";
import type { SeededRandom } from "./random.ts";

/** The store most orders come from: the business's own web shop, phone and e-mail orders. */
export const MAIN_STORE = "Supply Direct Store";
/** The marketplace the business also sells on; ShipStation imports its orders under their own numbers. */
export const MARKETPLACE_STORE = "Amazon Store";

export type StoreName = typeof MAIN_STORE | typeof MARKETPLACE_STORE;

/** Which store took an order and under which number. */
export interface StoreOrder {
  store: StoreName;
  orderNumber: string;
  /** The number is also an earlier order's of the other store, for another customer. */
  sharesNumber: boolean;
}

/**
 * Numbers orders per store. The main store counts up from SO-100001. The marketplace takes the orders that came
 * through it (source "amazon") and numbers them in the same range, reusing the number of one of the main store's
 * recent orders, as a marketplace's own numbering does not care what a store already used: so many numbers appear
 * once in each store, for different customers. Each number is used at most once per store, and never by the order
 * just before (an order's rows are consecutive in the export, so two orders sharing a number are never adjacent).
 */
export class StoreOrderNumbers {
  private nextNumber = FIRST_ORDER_NUMBER;
  /** The main store's last RECENT_ORDERS orders, a ring indexed by number. */
  private readonly recentCustomers: Array<DemoCustomer | undefined> = new Array(RECENT_ORDERS);
  private readonly recentReused = new Uint8Array(RECENT_ORDERS);

  constructor(private readonly random: SeededRandom) {}

  storeOrder(customer: DemoCustomer, source: OrderSource): StoreOrder {
    if (source !== "amazon") return { store: MAIN_STORE, orderNumber: this.takeNumber(customer), sharesNumber: false };
    const reused = this.reusableNumber(customer);
    // Only at the very start of the history is there no number to reuse: the marketplace's number is then its own.
    if (reused === undefined) return { store: MARKETPLACE_STORE, orderNumber: this.takeNumber(undefined), sharesNumber: false };
    this.recentReused[reused % RECENT_ORDERS] = 1;
    return { store: MARKETPLACE_STORE, orderNumber: formatNumber(reused), sharesNumber: true };
  }

  /** The next new number, for a main store order's customer (or undefined when the marketplace takes it). */
  private takeNumber(mainStoreCustomer: DemoCustomer | undefined): string {
    const number = this.nextNumber++;
    this.recentCustomers[number % RECENT_ORDERS] = mainStoreCustomer;
    this.recentReused[number % RECENT_ORDERS] = 0;
    return formatNumber(number);
  }

  /** One of the main store's recent numbers, not its latest (the order just written may be it), for another customer and not yet reused. */
  private reusableNumber(customer: DemoCustomer): number | undefined {
    const newest = this.nextNumber - 2;
    const oldest = Math.max(FIRST_ORDER_NUMBER, this.nextNumber - RECENT_ORDERS);
    if (newest < oldest) return undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const number = this.random.integer(oldest, newest);
      const slot = number % RECENT_ORDERS;
      const owner = this.recentCustomers[slot];
      if (owner !== undefined && owner !== customer && this.recentReused[slot] === 0) return number;
    }
    return undefined;
  }
}

const FIRST_ORDER_NUMBER = 100001;
/** How far back the marketplace's numbers reach into the main store's: a few weeks of a small store's orders. */
const RECENT_ORDERS = 400;
const ATTEMPTS = 20;

function formatNumber(number: number): string {
  return `SO-${number}`;
}
