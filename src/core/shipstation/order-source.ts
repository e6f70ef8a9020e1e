import type { ShipStationApiGeneration } from "../../contracts/settings.ts";
import type { CrmDatabase } from "../database/open.ts";
import { DomainError } from "../errors.ts";
import type { IncomingOrder } from "../orders/incoming-order.ts";
import { SHIPSTATION_TIME_ZONE } from "../time/shipstation-date.ts";
import { wallClockTextInZone } from "../time/wall-clock.ts";
import { PAGE_SIZE, ShipStationClient, type ClientOptions } from "./shipstation-client.ts";
import { incomingOrderFromShipStation, type ShipStationOrder } from "./shipstation-order.ts";
import { DEFAULT_SHIPSTATION_API_URL, type ShipStationConfig } from "./shipstation-settings.ts";
import { knownStoreNames, storeNamesFor } from "./shipstation-stores.ts";
import { incomingOrderFromV2Shipment, type ShipStationV2Shipment } from "./v2-shipment.ts";

/** Which date a backfill's window is on: when orders were placed (V2: created), or last modified (a later cancellation). */
export type OrderWindowDate = "placed" | "modified";

export interface OrderWindow {
  start: Date;
  end: Date;
  by: OrderWindowDate;
}

/** Orders as the mappings make them for recordShipStationIncoming: null where one had no usable date. */
export type OrderPage = (IncomingOrder | null)[];

/**
 * One ShipStation API generation as the CRM reads orders from it: backfill, webhook and Test Connection
 * each use whichever source the settings give, and none knows which generation it is talking to.
 */
export interface OrderSource {
  readonly generation: ShipStationApiGeneration;
  /** The orders of a window, a page at a time, oldest first. */
  pages(window: OrderWindow): AsyncGenerator<OrderPage>;
  /** Whether a webhook's resource_url is on this source's API, so that its credentials may be sent there. */
  ownsResource(resourceUrl: string): boolean;
  /** Every order a webhook's resource lists, a page at a time. */
  resourcePages(resourceUrl: string): AsyncGenerator<OrderPage>;
  /** One call that proves the credentials; resolves with what they may do, in words. */
  checkConnection(): Promise<string>;
}

/** The source for a generation, with its credentials; fails, saying which are missing, without them. */
export function orderSourceFor(db: CrmDatabase, config: ShipStationConfig, generation: ShipStationApiGeneration, options: ClientOptions = {}): OrderSource {
  if (generation === "v2") {
    if (!config.v2ApiKey) throw new DomainError("invalid", "The ShipStation V2 API key is not configured");
    return new V2OrderSource(db, new ShipStationClient({ generation: "v2", apiUrl: config.v2ApiUrl, apiKey: config.v2ApiKey }, options), config.v2ApiUrl);
  }
  if (!config.apiKey || !config.apiSecret) throw new DomainError("invalid", "The ShipStation API key and secret are not configured");
  return new V1OrderSource(db, new ShipStationClient({ apiUrl: config.apiUrl, apiKey: config.apiKey, apiSecret: config.apiSecret }, options), config.apiUrl);
}

/** Which generation's API a webhook's resource is on, by its address; null when on neither. */
export function generationOfResource(config: ShipStationConfig, resourceUrl: string): ShipStationApiGeneration | null {
  if (isV2Resource(resourceUrl, config.v2ApiUrl)) return "v2";
  return isV1Resource(resourceUrl, config.apiUrl) ? "v1" : null;
}

class V1OrderSource implements OrderSource {
  readonly generation = "v1";

  constructor(
    private readonly db: CrmDatabase,
    private readonly client: ShipStationClient,
    private readonly apiUrl: string,
  ) {}

  /** ShipStation's `pages` is not trusted: the last page is the first one that comes back short. */
  async *pages(window: OrderWindow): AsyncGenerator<OrderPage> {
    for (let page = 1; ; page++) {
      const answer = await this.client.listOrders({ by: window.by, start: pacificTime(window.start), end: pacificTime(window.end), page });
      const orders = Array.isArray(answer.orders) ? answer.orders : [];
      yield await this.mapped(orders);
      if (orders.length < PAGE_SIZE) return;
    }
  }

  ownsResource(resourceUrl: string): boolean {
    return isV1Resource(resourceUrl, this.apiUrl);
  }

  async *resourcePages(resourceUrl: string): AsyncGenerator<OrderPage> {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = (await this.client.get(pageUrl(resourceUrl, "page", page))) as { orders?: ShipStationOrder[]; pages?: number };
      const orders = Array.isArray(answer.orders) ? answer.orders : [];
      yield await this.mapped(orders);
      pages = typeof answer.pages === "number" ? answer.pages : 1;
      if (orders.length === 0) return;
    }
  }

  async checkConnection(): Promise<string> {
    await this.client.get(this.client.url("/orders?pageSize=1"), { waitOutRateLimit: false });
    return "ShipStation's V1 API answered: the API key and secret may read orders and stores.";
  }

  private async mapped(orders: readonly ShipStationOrder[]): Promise<OrderPage> {
    const storeNames = await storeNamesFor(this.db, this.client, orders);
    return orders.map((order) => incomingOrderFromShipStation(order, storeNames));
  }
}

/** V2 answers at most this many shipments a page (its default is 25). */
export const V2_PAGE_SIZE = 100;

class V2OrderSource implements OrderSource {
  readonly generation = "v2";

  constructor(
    private readonly db: CrmDatabase,
    private readonly client: ShipStationClient,
    private readonly apiUrl: string,
  ) {}

  async *pages(window: OrderWindow): AsyncGenerator<OrderPage> {
    const field = window.by === "placed" ? "created_at" : "modified_at";
    for (let page = 1, pages = 1; page <= pages; page++) {
      const url = new URL(`${this.apiUrl}/v2/shipments`);
      url.searchParams.set(`${field}_start`, window.start.toISOString());
      url.searchParams.set(`${field}_end`, window.end.toISOString());
      url.searchParams.set("sort_by", field);
      url.searchParams.set("sort_dir", "asc");
      url.searchParams.set("page", String(page));
      url.searchParams.set("page_size", String(V2_PAGE_SIZE));
      const answer = (await this.client.get(url.href)) as V2ShipmentsPage;
      const shipments = Array.isArray(answer.shipments) ? answer.shipments : [];
      yield this.mapped(shipments);
      // Without `pages`, a full page says there may be another.
      pages = typeof answer.pages === "number" ? answer.pages : shipments.length < V2_PAGE_SIZE ? page : page + 1;
      if (shipments.length === 0) return;
    }
  }

  ownsResource(resourceUrl: string): boolean {
    return isV2Resource(resourceUrl, this.apiUrl);
  }

  /** A resource is a list of shipments (paged like GET /v2/shipments) or one shipment. */
  async *resourcePages(resourceUrl: string): AsyncGenerator<OrderPage> {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const answer = (await this.client.get(pageUrl(resourceUrl, "page", page))) as V2ShipmentsPage & Partial<ShipStationV2Shipment>;
      if (!Array.isArray(answer.shipments)) {
        yield typeof answer.shipment_id === "string" ? this.mapped([answer as ShipStationV2Shipment]) : [];
        return;
      }
      yield this.mapped(answer.shipments);
      pages = typeof answer.pages === "number" ? answer.pages : 1;
      if (answer.shipments.length === 0) return;
    }
  }

  async checkConnection(): Promise<string> {
    await this.client.get(`${this.apiUrl}/v2/shipments?page_size=1`, { waitOutRateLimit: false });
    return "ShipStation's V2 API answered: the API key may read shipments (V2's orders). V2 may leave out the customer's e-mail, a separate order date and the order total.";
  }

  /** V2 names no store's name: V1's list, where one was read, names the stores it knows. */
  private mapped(shipments: readonly ShipStationV2Shipment[]): OrderPage {
    const storeNames = knownStoreNames(this.db);
    return shipments.filter((shipment) => typeof shipment?.shipment_id === "string").map((shipment) => incomingOrderFromV2Shipment(shipment, storeNames));
  }
}

interface V2ShipmentsPage {
  shipments?: ShipStationV2Shipment[];
  total?: number;
  page?: number;
  pages?: number;
}

/**
 * V1 webhooks are not signed, so the worker must never be sent somewhere else with our credentials: the
 * resource must be on the configured API's origin, or with the default API any ssapiN.shipstation.com host.
 */
export function isV1Resource(resourceUrl: string, apiUrl: string): boolean {
  const resource = parsedUrl(resourceUrl);
  if (!resource || resource.username || resource.password) return false;
  if (apiUrl === DEFAULT_SHIPSTATION_API_URL) {
    return resource.protocol === "https:" && resource.port === "" && /^ssapi\d*\.shipstation\.com$/.test(resource.hostname);
  }
  return resource.origin === new URL(apiUrl).origin;
}

/**
 * A V2 resource must be on the configured V2 API's own origin (scheme, host and port), under /v2/: the V2
 * API key goes nowhere else, whatever a webhook, signed or not, names.
 */
export function isV2Resource(resourceUrl: string, v2ApiUrl: string): boolean {
  const resource = parsedUrl(resourceUrl);
  if (!resource || resource.username || resource.password) return false;
  return resource.origin === new URL(v2ApiUrl).origin && resource.pathname.startsWith("/v2/");
}

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function pageUrl(resourceUrl: string, parameter: string, page: number): string {
  if (page === 1) return resourceUrl;
  const url = new URL(resourceUrl);
  url.searchParams.set(parameter, String(page));
  return url.href;
}

/** V1's date filters are Pacific wall-clock times: "2026-11-21 08:30:00". */
function pacificTime(instant: Date): string {
  return wallClockTextInZone(instant, SHIPSTATION_TIME_ZONE).replace("T", " ");
}
