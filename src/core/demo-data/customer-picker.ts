import type { DemoCustomer } from "./demo-customers.ts";
import type { SeededRandom } from "./random.ts";

/**
 * Decides who places each order as the history unfolds. Customers join one by one (each one's first order
 * is the next newcomer's) and then reorder in proportion to their reorder weight, so long-standing,
 * busy accounts end up with many orders and most accounts with a few.
 */
export class CustomerPicker {
  private joined = 0;
  /** Running total of reorder weights, in joining order. */
  private readonly cumulativeReorderWeights: Float64Array;

  constructor(
    private readonly customers: readonly DemoCustomer[],
    private readonly random: SeededRandom,
  ) {
    this.cumulativeReorderWeights = new Float64Array(customers.length);
    let total = 0;
    customers.forEach((customer, index) => (this.cumulativeReorderWeights[index] = total += customer.reorderWeight));
  }

  /** The customer placing the order at this position in the history (0 to 1). */
  customerAt(position: number): DemoCustomer {
    const due = Math.ceil(this.customers.length * joinedShare(position));
    if (this.joined < this.customers.length && (this.joined === 0 || this.joined < due)) return this.customers[this.joined++]!;
    return this.customers[this.repeatCustomerIndex()]!;
  }

  private repeatCustomerIndex(): number {
    const target = this.random.next() * this.cumulativeReorderWeights[this.joined - 1]!;
    let low = 0;
    let high = this.joined - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulativeReorderWeights[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/**
 * Share of all customers who have ordered by this position. About a third are existing accounts that show up
 * in the first weeks of the history; the rest are won steadily up to its last day, so that a file imported on
 * its end date has a few percent of its customers still new.
 */
function joinedShare(position: number): number {
  return 0.35 * Math.min(1, position / 0.12) + 0.65 * position;
}
