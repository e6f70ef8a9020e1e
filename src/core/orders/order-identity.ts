/**
 * How an order is recognised whichever way it arrives (a CSV export, the API's backfill or webhook):
 *
 * 1. ShipStation's orderId, when both the stored order and the delivery carry one: equal is the same
 *    order, different is another (an export carries none).
 * 2. Otherwise the order number within its store: a number is unique in one store, not across stores
 *    (marketplaces reuse them). With the store known on both sides, the same number in the same store is
 *    the same order, even when it now names another customer (a change of customer, which every import
 *    reports), and in another store it is another order.
 * 3. Where either side does not know the store, the same number is the same order only for the same
 *    customer e-mail: another customer's order with that number is taken to be another store's. Where
 *    either side has no e-mail ('': an order ShipStation's API sent without one, waiting unmatched or
 *    matched by staff), the same number is the same order: nothing tells it apart, and the delivery that
 *    names the customer is how an unmatched order finds its account.
 *
 * An order without a number is identified by its first source's own id (for an export row, its content).
 */
export interface OrderIdentity {
  shipstationOrderId: number | null;
  store: string | null;
  /** '' for none. */
  customerEmail: string;
}

/** Of the stored orders that share the delivery's number, the one it is, if any: the firmer rules first. */
export function findSameOrder<Stored extends OrderIdentity>(delivery: OrderIdentity, candidates: readonly Stored[]): Stored | undefined {
  if (candidates.length === 0) return undefined;
  const possible = candidates.filter((stored) => !provesOtherOrder(delivery, stored));
  return (
    possible.find((stored) => delivery.shipstationOrderId !== null && stored.shipstationOrderId === delivery.shipstationOrderId) ??
    possible.find((stored) => delivery.store !== null && stored.store === delivery.store) ??
    possible.find((stored) => storeUnknown(delivery, stored) && stored.customerEmail === delivery.customerEmail) ??
    possible.find((stored) => storeUnknown(delivery, stored) && (stored.customerEmail === "" || delivery.customerEmail === ""))
  );
}

function storeUnknown(delivery: OrderIdentity, stored: OrderIdentity): boolean {
  return stored.store === null || delivery.store === null;
}

/** Two different ShipStation ids, or two different stores. */
function provesOtherOrder(delivery: OrderIdentity, stored: OrderIdentity): boolean {
  if (delivery.shipstationOrderId !== null && stored.shipstationOrderId !== null) return delivery.shipstationOrderId !== stored.shipstationOrderId;
  return delivery.store !== null && stored.store !== null && delivery.store !== stored.store;
}
