import { DomainError } from "../errors.ts";
import type { ShipStationOrder } from "./shipstation-order.ts";

/**
 * How the client signs in: V1 with HTTP Basic (key and secret), V2 with its one key in the `api-key` header.
 * V1's credentials may leave the generation out.
 */
export type ShipStationCredentials =
  | { generation?: "v1"; apiUrl: string; apiKey: string; apiSecret: string }
  | { generation: "v2"; apiUrl: string; apiKey: string };

export interface OrdersPage {
  orders: ShipStationOrder[];
  total: number;
  page: number;
  pages: number;
}

export interface ClientOptions {
  /** Stops waiting and retrying at once (SIGTERM). */
  signal?: AbortSignal;
  /** How long one request may take. */
  timeoutMs?: number;
  /** Waits between retries; tests shorten them. */
  retryDelaysMs?: number[];
  /** False: a 429 fails at once, saying how long to wait, rather than being waited out (a person is waiting for the answer). */
  waitOutRateLimit?: boolean;
  onWait?(reason: string, ms: number): void;
}

export const PAGE_SIZE = 500;
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10000, 20000];
const MAX_RATE_LIMIT_WAITS = 20;

/**
 * ShipStation's API as this product uses it, either generation. V1: HTTP Basic auth, and its limit of 40
 * requests a minute per key, which every answer reports in X-Rate-Limit-* headers; when none are left the
 * client waits for the reset. V2: the `api-key` header, 200 requests a minute, a 429 saying how long in
 * Retry-After. A 429 waits (on a timer, never a busy loop) and tries again; 5xx answers, network errors and
 * timeouts are retried with backoff.
 */
export class ShipStationClient {
  private pausedUntil = 0;

  constructor(
    private readonly credentials: ShipStationCredentials,
    private readonly options: ClientOptions = {},
  ) {}

  /**
   * V1: one page of orders placed (or last modified) in a window, oldest first. Times are Pacific
   * wall-clock strings, as ShipStation takes them.
   */
  listOrders(query: { by: "placed" | "modified"; start: string; end: string; page: number; pageSize?: number }): Promise<OrdersPage> {
    const url = new URL(`${this.credentials.apiUrl}/orders`);
    const [filter, sortBy] = query.by === "placed" ? ["orderDate", "OrderDate"] : ["modifyDate", "ModifyDate"];
    url.searchParams.set(`${filter}Start`, query.start);
    url.searchParams.set(`${filter}End`, query.end);
    url.searchParams.set("sortBy", sortBy);
    url.searchParams.set("sortDir", "ASC");
    url.searchParams.set("page", String(query.page));
    url.searchParams.set("pageSize", String(query.pageSize ?? PAGE_SIZE));
    return this.get(url.href) as Promise<OrdersPage>;
  }

  /** A path of the API, such as "/stores". */
  url(pathAndQuery: string): string {
    return `${this.credentials.apiUrl}${pathAndQuery}`;
  }

  /**
   * Any resource on the API's origin, such as a webhook's resource_url. `waitOutRateLimit: false` for a call
   * nothing must wait for: it fails at once where the rate limit would make it wait.
   */
  async get(url: string, call: { waitOutRateLimit?: boolean } = {}): Promise<unknown> {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const waitOutRateLimit = call.waitOutRateLimit ?? this.options.waitOutRateLimit;
    let failures = 0;
    let rateLimitWaits = 0;
    for (;;) {
      if (waitOutRateLimit === false && this.pausedUntil > Date.now()) {
        throw new ShipStationFailure({ reason: "rate_limited", retryAfterSeconds: Math.ceil((this.pausedUntil - Date.now()) / 1000) }, "ShipStation's rate limit is reached");
      }
      await this.waitUntil(this.pausedUntil, "rate limit");
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { ...authorizationHeaders(this.credentials), accept: "application/json" },
          signal: this.requestSignal(),
          // Never followed: the credentials would go wherever an answer pointed.
          redirect: "manual",
        });
      } catch (error) {
        if (this.options.signal?.aborted) throw new StoppedError();
        if (failures >= delays.length) throw new ShipStationFailure({ reason: "unreachable", cause: error }, `ShipStation did not answer: ${describe(error)}`);
        await this.waitUntil(Date.now() + delays[failures++]!, "network error");
        continue;
      }
      this.rememberRateLimit(response);
      if (response.status === 429) {
        await response.arrayBuffer();
        const waitSeconds = resetSeconds(response, 60);
        if (waitOutRateLimit === false || ++rateLimitWaits > MAX_RATE_LIMIT_WAITS) {
          throw new ShipStationFailure({ reason: "rate_limited", status: 429, retryAfterSeconds: waitSeconds }, "ShipStation kept answering 429 (too many requests)");
        }
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitSeconds * 1000);
        continue;
      }
      if (response.status >= 500) {
        await response.arrayBuffer();
        if (failures >= delays.length) throw new ShipStationFailure({ reason: "server_error", status: response.status }, `ShipStation answered ${response.status} ${response.statusText}`);
        await this.waitUntil(Date.now() + delays[failures++]!, `ShipStation ${response.status}`);
        continue;
      }
      if (response.status >= 300 && response.status < 400) {
        await response.arrayBuffer();
        throw new ShipStationFailure({ reason: "unexpected_answer", status: response.status }, `ShipStation answered ${response.status}, a redirect, which is not followed`);
      }
      if (response.status === 401 || response.status === 403) {
        await response.arrayBuffer();
        const refused = this.credentials.generation === "v2" ? "the V2 API key" : "the API key and secret";
        throw new ShipStationFailure({ reason: "refused_credentials", status: response.status }, `ShipStation refused ${refused} (${response.status})`);
      }
      if (!response.ok) {
        throw new ShipStationFailure({ reason: "unexpected_answer", status: response.status }, `ShipStation answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      }
      return response.json();
    }
  }

  private rememberRateLimit(response: Response): void {
    if (response.headers.get("x-rate-limit-remaining") === "0") {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + resetSeconds(response, 60) * 1000);
    }
  }

  private requestSignal(): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    return this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
  }

  private async waitUntil(until: number, reason: string): Promise<void> {
    if (this.options.signal?.aborted) throw new StoppedError();
    const ms = until - Date.now();
    if (ms <= 0) return;
    this.options.onWait?.(reason, ms);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      this.options.signal?.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          reject(new StoppedError());
        },
        { once: true },
      );
    });
  }
}

/** Why a call to ShipStation failed, apart from its message: what a person should check differs with each. */
export type ShipStationFailureReason =
  /** No answer: the network, DNS, a proxy or the timeout. */
  | "unreachable"
  /** 401 or 403. */
  | "refused_credentials"
  /** 429 past what the client would wait out. */
  | "rate_limited"
  /** 5xx past the retries. */
  | "server_error"
  /** A redirect or another refusal: the API address is not ShipStation's API. */
  | "unexpected_answer";

export interface ShipStationFailureDetails {
  reason: ShipStationFailureReason;
  /** ShipStation's status, when it answered. */
  status?: number;
  /** For "rate_limited": whole seconds until its window resets. */
  retryAfterSeconds?: number;
  /** For "unreachable": what fetch threw. */
  cause?: unknown;
}

/** A call ShipStation did not answer as asked. Its message is the one a backfill or a webhook event records. */
export class ShipStationFailure extends DomainError {
  constructor(
    readonly details: ShipStationFailureDetails,
    message: string,
  ) {
    super("invalid", message);
  }
}

/** The work was asked to stop (SIGTERM, a server shutting down); what was written stays. */
export class StoppedError extends Error {
  constructor() {
    super("Stopped before finishing");
  }
}

function authorizationHeaders(credentials: ShipStationCredentials): Record<string, string> {
  if (credentials.generation === "v2") return { "api-key": credentials.apiKey };
  return { authorization: `Basic ${btoa(`${credentials.apiKey}:${credentials.apiSecret}`)}` };
}

/** Seconds until the rate-limit window resets; at least one, since a reset "now" rounded down would retry in a busy loop. */
function resetSeconds(response: Response, fallback: number): number {
  // V1 says X-Rate-Limit-Reset, V2 Retry-After (in seconds).
  const seconds = Number(response.headers.get("x-rate-limit-reset") ?? response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.max(1, seconds) : fallback;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
