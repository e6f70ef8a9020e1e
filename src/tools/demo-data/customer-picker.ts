import type { DemoCustomer } from "./demo-customers.ts";
import type { SeededRandom } from "./random.ts";

/**
 * Decides who places each order as the history unfolds. Customers join one by one (each one's first order
 * is the next newcomer's) and then reorder on a rhythm of their own, as supplies run out: every customer
 * has a next due moment, and each order goes to the customer most overdue, so that busy accounts (a high
 * reorder weight) order every week or two and occasional ones a few times a year. One order in
 * OFF_RHYTHM_SHARE comes out of turn (an urgent top-up) from a customer drawn by weight, and after any
 * order a customer may stop ordering for good (CHURN_PER_ORDER), as real customer bases lose accounts.
 */
export class CustomerPicker {
  private joined = 0;
  private joinedWeight = 0;
  private ordersPicked = 0;
  /** Running total of reorder weights, in joining order. */
  private readonly cumulativeReorderWeights: Float64Array;
  /** Each joined customer's next due position; Infinity once it has stopped ordering. */
  private readonly nextDue: Float64Array;
  private readonly due = new DueQueue();

  constructor(
    private readonly customers: readonly DemoCustomer[],
    private readonly random: SeededRandom,
  ) {
    this.cumulativeReorderWeights = new Float64Array(customers.length);
    let total = 0;
    customers.forEach((customer, index) => (this.cumulativeReorderWeights[index] = total += customer.reorderWeight));
    this.nextDue = new Float64Array(customers.length).fill(Number.POSITIVE_INFINITY);
  }

  /** The customer placing the order at this position in the history (0 to 1). */
  customerAt(position: number): DemoCustomer {
    this.ordersPicked++;
    const dueToJoin = Math.ceil(this.customers.length * joinedShare(position));
    let index: number;
    if (this.joined < this.customers.length && (this.joined === 0 || this.joined < dueToJoin)) {
      index = this.joined++;
      this.joinedWeight += this.customers[index]!.reorderWeight;
    } else {
      index = this.random.chance(OFF_RHYTHM_SHARE) ? this.customerByWeight() : (this.mostOverdue(position) ?? this.customerByWeight());
    }
    this.scheduleNext(index, position);
    return this.customers[index]!;
  }

  /** The customer whose next order is the most overdue at `position`, if any is due. */
  private mostOverdue(position: number): number | undefined {
    for (;;) {
      const next = this.due.peek();
      if (next === undefined || next.at > position) return undefined;
      this.due.pop();
      // An entry left behind when the customer ordered out of turn and was scheduled again.
      if (this.nextDue[next.index] === next.at) return next.index;
    }
  }

  /**
   * The customer's next due position: its share of the orders so far sets how often it orders. Slightly
   * more is due than there are orders to go round, so that each order finds a customer due.
   */
  private scheduleNext(index: number, position: number): void {
    if (this.random.chance(CHURN_PER_ORDER)) {
      this.nextDue[index] = Number.POSITIVE_INFINITY;
      return;
    }
    const ordersPerUnit = this.ordersPicked / Math.max(position, EARLIEST_RATE_POSITION);
    const interval = (this.joinedWeight / (ordersPerUnit * this.customers[index]!.reorderWeight)) * DUE_SUPPLY;
    const at = position + interval * (0.8 + 0.45 * this.random.next());
    this.nextDue[index] = at;
    this.due.push(at, index);
  }

  private customerByWeight(): number {
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

/** Orders placed out of turn: an urgent top-up, a second order after a forgotten item. */
const OFF_RHYTHM_SHARE = 0.15;

/** After each order, the chance a customer never orders again (closed, moved to another supplier). */
const CHURN_PER_ORDER = 0.03;

/** Intervals a tenth shorter than the orders would allow: a little more is due than can be served. */
const DUE_SUPPLY = 0.9;

/** The rate of orders is read from the history so far once it is long enough to say. */
const EARLIEST_RATE_POSITION = 0.01;

/**
 * Share of all customers who have ordered by this position. About a third are existing accounts that show up
 * in the first weeks of the history; the rest are won steadily up to its last day, so that a file imported on
 * its end date has a few percent of its customers still new.
 */
function joinedShare(position: number): number {
  return 0.35 * Math.min(1, position / 0.12) + 0.65 * position;
}

/** A binary min-heap of (due position, customer index). */
class DueQueue {
  private readonly at: number[] = [];
  private readonly index: number[] = [];

  peek(): { at: number; index: number } | undefined {
    return this.at.length === 0 ? undefined : { at: this.at[0]!, index: this.index[0]! };
  }

  push(at: number, index: number): void {
    let child = this.at.length;
    this.at.push(at);
    this.index.push(index);
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (this.at[parent]! <= at) break;
      this.move(parent, child);
      child = parent;
    }
    this.at[child] = at;
    this.index[child] = index;
  }

  pop(): void {
    const lastAt = this.at.pop()!;
    const lastIndex = this.index.pop()!;
    if (this.at.length === 0) return;
    let parent = 0;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= this.at.length) break;
      if (child + 1 < this.at.length && this.at[child + 1]! < this.at[child]!) child++;
      if (this.at[child]! >= lastAt) break;
      this.move(child, parent);
      parent = child;
    }
    this.at[parent] = lastAt;
    this.index[parent] = lastIndex;
  }

  private move(from: number, to: number): void {
    this.at[to] = this.at[from]!;
    this.index[to] = this.index[from]!;
  }
}
