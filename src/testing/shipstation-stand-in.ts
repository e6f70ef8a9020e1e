import type { Server } from "bun";
import type { ShipStationOrder } from "../core/shipstation/shipstation-order.ts";
import documentedOrder from "./fixtures/shipstation-order.json" with { type: "json" };
import { RateWindow } from "./rate-window.ts";

export const STAND_IN_API_KEY = "stand-in-key";
export const STAND_IN_API_SECRET = "stand-in-secret";

export interface StandInOptions {
  /** Requests allowed per window before 429 (ShipStation: 40 a minute). */
  rateLimit?: number;
  rateWindowSeconds?: number;
}

/**
 * A local ShipStation API v1 for tests and trials, speaking its real protocol: HTTP Basic auth,
 * GET /orders with orderDateStart/orderDateEnd or modifyDateStart/modifyDateEnd (Pacific wall-clock times,
 * sortBy OrderDate or ModifyDate), page and pageSize (at most
 * 500), importBatch for webhook resources, GET /stores, the X-Rate-Limit-* headers on every answer and 429 past the
 * limit. Orders are built like ShipStation's documented example. It can be told to fail requests.
 */
export function startShipStationStandIn(options: StandInOptions = {}) {
  // Kept in ShipStation's sortBy=OrderDate order, so that a page is a filter and a slice, as fast as the real API.
  let orders: { order: ShipStationOrder; dateKey: string }[] = [];
  const batches = new Map<string, Set<number>>();
  const requests: URL[] = [];
  let failures: { count: number; status: number; headers?: Record<string, string> } = { count: 0, status: 500 };
  // The store of the documented example order, as GET /stores lists a store.
  let stores = [{ storeId: 26815, storeName: "Supply Direct Store", marketplaceId: 0, marketplaceName: "ShipStation", active: true }];
  const rate = new RateWindow(options.rateLimit ?? 1_000_000, options.rateWindowSeconds ?? 60);

  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const url = new URL(request.url);
      requests.push(url);
      if (request.headers.get("authorization") !== `Basic ${btoa(`${STAND_IN_API_KEY}:${STAND_IN_API_SECRET}`)}`) {
        return Response.json({ Message: "Authorization has been denied for this request." }, { status: 401 });
      }
      const taken = rate.take();
      const rateLimited = (response: Response) => withRateHeaders(response, rate.limit, taken.remaining, Math.max(0, taken.secondsLeft));
      if (!taken.allowed) return rateLimited(new Response("Too Many Requests", { status: 429 }));
      if (failures.count > 0) {
        failures.count--;
        return rateLimited(new Response("Internal Server Error", { status: failures.status, headers: failures.headers }));
      }
      if (url.pathname === "/stores") return rateLimited(Response.json(stores));
      if (url.pathname !== "/orders") return Response.json({ Message: "Not found" }, { status: 404 });
      return rateLimited(Response.json(ordersPage(url)));
    },
  });

  function ordersPage(url: URL) {
    const batch = url.searchParams.get("importBatch");
    const start = normalized(url.searchParams.get("orderDateStart"));
    const end = normalized(url.searchParams.get("orderDateEnd"));
    const modifiedStart = normalized(url.searchParams.get("modifyDateStart"));
    const modifiedEnd = normalized(url.searchParams.get("modifyDateEnd"));
    const ids = batch === null ? null : (batches.get(batch) ?? new Set<number>());
    const modifiedKey = (order: ShipStationOrder) => normalized(order.modifyDate ?? order.orderDate) ?? "";
    let matching = orders
      .filter(({ order, dateKey }) => (!ids || ids.has(order.orderId)) && (!start || dateKey >= start) && (!end || dateKey <= end))
      .filter(({ order }) => (!modifiedStart || modifiedKey(order) >= modifiedStart) && (!modifiedEnd || modifiedKey(order) <= modifiedEnd))
      .map(({ order }) => order);
    if (url.searchParams.get("sortBy") === "ModifyDate") matching = matching.toSorted((a, b) => (modifiedKey(a) < modifiedKey(b) ? -1 : modifiedKey(a) > modifiedKey(b) ? 1 : 0));
    const pageSize = Math.min(500, Number(url.searchParams.get("pageSize") ?? 100));
    const page = Number(url.searchParams.get("page") ?? 1);
    return {
      orders: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pages: Math.max(1, Math.ceil(matching.length / pageSize)),
    };
  }

  return {
    url: server.url.href.replace(/\/$/, ""),
    requests,
    /** Adds orders, optionally as one webhook import batch whose resource_url is returned. */
    addOrders(added: ShipStationOrder[], batchId?: string): string | undefined {
      orders = [...orders, ...added.map((order) => ({ order, dateKey: normalized(order.orderDate)! }))].sort(
        (a, b) => (a.dateKey < b.dateKey ? -1 : a.dateKey > b.dateKey ? 1 : a.order.orderId - b.order.orderId),
      );
      if (batchId === undefined) return undefined;
      batches.set(batchId, new Set([...(batches.get(batchId) ?? []), ...added.map((order) => order.orderId)]));
      return `${server.url.href.replace(/\/$/, "")}/orders?importBatch=${batchId}`;
    },
    /** What GET /stores lists. */
    setStores(listed: { storeId: number; storeName: string }[]) {
      stores = listed.map((store) => ({ ...store, marketplaceId: 0, marketplaceName: "ShipStation", active: true }));
    },
    /** The next requests answer `status` (with `headers`, such as a redirect's Location) instead. */
    failNextRequests(count: number, status = 500, headers?: Record<string, string>) {
      failures = { count, status, headers };
    },
    stop: () => server.stop(true),
  };
}

/** A ShipStation order shaped like the API's documented example, varied by number, e-mail and date. */
export function standInOrder(orderId: number, overrides: Partial<ShipStationOrder> & { customerEmail?: string } = {}): ShipStationOrder {
  return {
    ...(documentedOrder as unknown as ShipStationOrder),
    orderId,
    orderNumber: `SS-${orderId}`,
    customerEmail: `buyer${orderId}@clinic${orderId % 7}.com`,
    orderDate: pacificNow(-orderId % 1000),
    orderTotal: 100 + (orderId % 50),
    ...overrides,
  };
}

/** Pacific wall-clock time, minutes from now, as ShipStation writes it: "2026-11-21T08:30:00.0000000". */
export function pacificNow(minutesFromNow = 0): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(Date.now() + minutesFromNow * 60_000))
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}.0000000`;
}

function normalized(text: string | null | undefined): string | null {
  return text ? text.replace("T", " ").slice(0, 19) : null;
}

function withRateHeaders(response: Response, limit: number, remaining: number, resetSeconds: number): Response {
  response.headers.set("X-Rate-Limit-Limit", String(limit));
  response.headers.set("X-Rate-Limit-Remaining", String(Math.max(0, remaining)));
  response.headers.set("X-Rate-Limit-Reset", String(resetSeconds));
  return response;
}
