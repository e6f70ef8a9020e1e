/**
 * The ShipStation stand-in in a process of its own, so that a benchmark's load generator and the stand-in
 * do not share one JavaScript thread. Prints its URL, then serves until killed.
 * Usage: bun bench/support/stand-in-server.ts WEBHOOK_BATCHES ORDERS_PER_BATCH BACKFILL_ORDERS
 */
import { pacificNow, startShipStationStandIn, standInOrder } from "../../src/testing/shipstation-stand-in.ts";

const [batches, ordersPerBatch, backfillOrders] = process.argv.slice(2).map(Number) as [number, number, number];
const standIn = startShipStationStandIn();
for (let batch = 0; batch < batches; batch++) {
  // Webhook orders are dated two months back, outside the backfill's 30-day window.
  const orders = Array.from({ length: ordersPerBatch }, (_, i) => standInOrder(1_000_000 + batch * ordersPerBatch + i, { orderDate: pacificNow(-60 * 24 * 60) }));
  standIn.addOrders(orders, `batch-${batch}`);
}
standIn.addOrders(Array.from({ length: backfillOrders }, (_, i) => standInOrder(i + 1, { orderDate: pacificNow(-(i % 20_000) - 1) })));
console.log(standIn.url);
