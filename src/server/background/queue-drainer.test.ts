import { afterEach, beforeEach, expect, test } from "bun:test";
import { seedCustomer } from "../../testing/seed.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { duplicateQueue, QueueDrainerPasses } from "./queue-drainer.ts";
import { WebhookBursts } from "./webhook-bursts.ts";

let database: ReturnType<typeof temporaryDatabase>;
let now: number;
let bursts: WebhookBursts;
beforeEach(() => {
  database = temporaryDatabase();
  now = 0;
  bursts = new WebhookBursts({ now: () => now, settleMs: 200, sliceMs: 20, everyMs: 1_000 });
});
afterEach(() => database.dispose());

const POLL_MS = 2_000;
const queued = () => (database.sqlite.query("SELECT count(*) AS n FROM duplicate_queue").get() as { n: number }).n;
/** Customers whose orders queued them for the background duplicate detection. */
const queueCustomers = (count: number) => {
  for (let n = 1; n <= count; n++) {
    seedCustomer(database.db, { email: `buyer@lab${n}.org`, company: `Riverside Lab ${n}`, orders: [{ number: `R-${n}`, placedAt: "2026-11-01T12:00:00Z", total: 25 }] });
  }
  expect(queued()).toBe(count);
};

test("while webhooks arrive the duplicate detector steps aside, takes small batches in the burst's slices, and its usual ones once it ends", () => {
  queueCustomers(10);
  const passes = new QueueDrainerPasses(database.db, duplicateQueue(database.db), bursts, POLL_MS);
  // The first pass finds the queue grown since the last: a bulk write may be under way, and it waits a poll.
  expect(passes.next()).toBe(POLL_MS);
  expect(queued()).toBe(10);

  // A burst begins; deliveries come every 10 ms.
  const deliverUntil = (ms: number) => {
    for (; now < ms; now += 10) bursts.deliveryArrived();
    now = ms;
    bursts.deliveryArrived();
  };
  deliverUntil(500);
  // Until the next slice, or the burst's end if no delivery comes: the sooner.
  expect(passes.next()).toBe(200);
  expect(queued()).toBe(10);

  // The slice, a second into the burst: batches of a few accounts, one straight after another.
  deliverUntil(1_000);
  expect(passes.next()).toBe(0);
  expect(queued()).toBe(10 - duplicateQueue(database.db).batchDuringBurst);
  now = 1_005;
  expect(passes.next()).toBe(0);
  expect(queued()).toBe(10 - 2 * duplicateQueue(database.db).batchDuringBurst);

  // The slice is over: it waits for the next one, or for the burst's end if that comes first.
  deliverUntil(1_020);
  expect(passes.next()).toBe(200);
  expect(queued()).toBe(2);
  // The burst has ended: the rest in one of its usual batches.
  now = 1_220;
  expect(passes.next()).toBe(POLL_MS);
  expect(queued()).toBe(0);
});

test("under a stream of webhooks that never pauses the duplicate detector still works its queue through, in the slices only", () => {
  queueCustomers(40);
  const passes = new QueueDrainerPasses(database.db, duplicateQueue(database.db), bursts, POLL_MS);
  const secondsWorked = new Set<number>();
  let nextPassAt = 0;
  let deliveredAt = -5;
  while (queued() > 0 && now < 120_000) {
    // A delivery every 5 ms, whatever else happens.
    for (; deliveredAt + 5 <= now; deliveredAt += 5) bursts.deliveryArrived();
    if (now < nextPassAt) {
      now++;
      continue;
    }
    const before = queued();
    const wait = passes.next();
    if (queued() < before) {
      // Deliveries began at 0: the slices are the first 20 ms of each second after the first.
      expect(now >= 1_000 && now % 1_000 < 20).toBe(true);
      secondsWorked.add(Math.floor(now / 1_000));
      // Each batch is taken as holding the thread 5 ms.
      now += 5;
    }
    nextPassAt = now + wait;
  }
  expect(queued()).toBe(0);
  expect(bursts.underWay()).toBe(true);
  // Batches of four accounts, 5 ms each, four to a 20 ms slice: 40 accounts take three slices at least.
  expect(secondsWorked.size).toBeGreaterThanOrEqual(3);
});
