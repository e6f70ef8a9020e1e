export interface WebhookBurstTimings {
  /** The clock, injected by tests. */
  now?: () => number;
  /** A burst is over once no delivery has arrived for this long. */
  settleMs?: number;
  /** During a burst, background work goes on for this long… */
  sliceMs?: number;
  /** …once in every this many milliseconds, the first a whole period after the burst began. */
  everyMs?: number;
}

/**
 * ShipStation sends webhooks in bursts, and every delivery is answered on the server's one thread once it
 * is stored. Whatever else runs on that thread meanwhile (the webhook worker fetching and writing orders,
 * duplicate detection, the search index, analytics' queued counts) holds the answers back: a batch of
 * duplicate detection alone took hundreds of milliseconds. So all of it asks here before taking its next
 * piece of work: outside a burst it may go on; during one it steps aside, except in one short slice of
 * every second, which all of it shares, so that under a stream of deliveries that never pauses it still
 * moves on, and finishes. A piece of work runs to its end once begun: each queue keeps its pieces during
 * a burst smaller than the slice (queue-drainer.ts).
 */
export class WebhookBursts {
  readonly settleMs: number;
  private readonly sliceMs: number;
  private readonly everyMs: number;
  private readonly now: () => number;
  private lastDeliveryAt = Number.NEGATIVE_INFINITY;
  private burstBeganAt = Number.NEGATIVE_INFINITY;

  constructor(timings: WebhookBurstTimings = {}) {
    this.now = timings.now ?? Date.now;
    this.settleMs = timings.settleMs ?? 200;
    this.sliceMs = timings.sliceMs ?? 20;
    this.everyMs = timings.everyMs ?? 1_000;
  }

  /** A delivery has arrived (the webhook routes, through the worker's wake). */
  deliveryArrived(): void {
    const now = this.now();
    if (!this.underWayAt(now)) this.burstBeganAt = now;
    this.lastDeliveryAt = now;
  }

  underWay(): boolean {
    return this.underWayAt(this.now());
  }

  /** Whether background work may take its next piece now. */
  mayWork(): boolean {
    const now = this.now();
    if (!this.underWayAt(now)) return true;
    const sinceBegan = now - this.burstBeganAt;
    return sinceBegan >= this.everyMs && sinceBegan % this.everyMs < this.sliceMs;
  }

  /** How long background work that may not go on now should wait before asking again: until the next slice, or the burst's end if sooner. */
  msUntilWork(): number {
    if (this.mayWork()) return 0;
    const now = this.now();
    const sinceBegan = now - this.burstBeganAt;
    const untilSlice = this.everyMs - (sinceBegan % this.everyMs);
    const untilSettled = this.lastDeliveryAt + this.settleMs - now;
    return Math.max(1, Math.min(untilSlice, untilSettled));
  }

  private underWayAt(now: number): boolean {
    return now - this.lastDeliveryAt < this.settleMs;
  }
}
