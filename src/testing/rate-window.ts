/**
 * A stand-in's rate limit as ShipStation counts it: `limit` requests in a window of `windowSeconds`, the
 * next window beginning with the first request after one has ended.
 */
export class RateWindow {
  private start = Date.now();
  private used = 0;
  private readonly windowMs: number;

  constructor(
    readonly limit: number,
    windowSeconds: number,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  /** Counts a request against the window, if it has one left: what it may make and when the window ends. */
  take(): { allowed: boolean; remaining: number; secondsLeft: number } {
    const now = Date.now();
    if (now - this.start >= this.windowMs) [this.start, this.used] = [now, 0];
    const allowed = this.used < this.limit;
    if (allowed) this.used++;
    return { allowed, remaining: this.limit - this.used, secondsLeft: Math.ceil((this.start + this.windowMs - now) / 1000) };
  }
}
