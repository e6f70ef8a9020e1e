import { expect, test } from "bun:test";
import { WebhookBursts } from "./webhook-bursts.ts";

const timings = { settleMs: 200, sliceMs: 20, everyMs: 1_000 };

test("outside a burst background work goes on; a delivery begins one, and work steps aside but for a slice each second", () => {
  let now = 10_000;
  const bursts = new WebhookBursts({ ...timings, now: () => now });
  expect([bursts.underWay(), bursts.mayWork(), bursts.msUntilWork()]).toEqual([false, true, 0]);

  bursts.deliveryArrived();
  // Deliveries every 50 ms from here on: the burst never settles.
  const at = (ms: number) => {
    for (let t = now; t < 10_000 + ms; t += 50) {
      now = t;
      bursts.deliveryArrived();
    }
    now = 10_000 + ms;
    return bursts.mayWork();
  };
  expect(bursts.underWay()).toBe(true);
  expect(bursts.mayWork()).toBe(false);
  expect(at(999)).toBe(false);
  expect(at(1_000)).toBe(true);
  expect(at(1_019)).toBe(true);
  expect(at(1_020)).toBe(false);
  expect(at(1_500)).toBe(false);
  expect(at(2_005)).toBe(true);
  expect(at(3_025)).toBe(false);
});

test("work that may not go on waits for the next slice, or for the burst's end if that comes first", () => {
  let now = 0;
  const bursts = new WebhookBursts({ ...timings, now: () => now });
  bursts.deliveryArrived();
  // The burst settles 200 ms after its last delivery, before the slice at 1,000 ms.
  now = 100;
  expect(bursts.msUntilWork()).toBe(100);
  bursts.deliveryArrived();
  now = 250;
  expect(bursts.msUntilWork()).toBe(50);
  // Deliveries go on: the slice is sooner.
  for (now = 250; now <= 900; now += 150) bursts.deliveryArrived();
  now = 900;
  bursts.deliveryArrived();
  expect(bursts.msUntilWork()).toBe(100);
  now = 1_000;
  expect([bursts.mayWork(), bursts.msUntilWork()]).toEqual([true, 0]);
  // Once it has settled, the next delivery begins a burst of its own, with its first slice a second later.
  now = 1_300;
  expect([bursts.underWay(), bursts.mayWork()]).toEqual([false, true]);
  for (now = 1_300; now <= 2_290; now += 110) bursts.deliveryArrived();
  now = 2_290;
  expect(bursts.mayWork()).toBe(false);
  now = 2_300;
  bursts.deliveryArrived();
  expect(bursts.mayWork()).toBe(true);
});
