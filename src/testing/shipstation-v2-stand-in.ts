import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import type { Server } from "bun";
import type { ShipStationV2Shipment } from "../core/shipstation/v2-shipment.ts";
import { RateWindow } from "./rate-window.ts";

export const STAND_IN_V2_API_KEY = "stand-in-v2-key";

export interface V2StandInOptions {
  /** Requests allowed per window before 429 (ShipStation: 200 a minute). */
  rateLimit?: number;
  rateWindowSeconds?: number;
}

interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * A local ShipStation API V2 for tests and trials, speaking its real protocol: the `api-key` header,
 * GET /v2/shipments with created_at_start/_end or modified_at_start/_end (ISO times), sort_by, sort_dir,
 * page and page_size, answering `{shipments, total, page, pages, links}`; GET /v2/shipments/{id}; 429 with
 * Retry-After past its rate limit. It also plays ShipStation's webhook sender: it signs webhooks with an RSA
 * key pair it makes (RSASSA-PKCS1-v1_5, SHA-256, over the timestamp, a dot and the body), publishes the
 * public keys as a JWKS at /jwks, and can rotate them, sign stale timestamps or have a body tampered with.
 */
export function startShipStationV2StandIn(options: V2StandInOptions = {}) {
  let shipments: ShipStationV2Shipment[] = [];
  const requests: URL[] = [];
  let jwksRequests = 0;
  let failures = { count: 0, status: 500 };
  let keyNumber = 0;
  const makeKey = (): SigningKey => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return { keyId: `stand-in-key-${++keyNumber}`, privateKey, publicKey };
  };
  let published: SigningKey[] = [makeKey()];
  const rate = new RateWindow(options.rateLimit ?? 1_000_000, options.rateWindowSeconds ?? 60);

  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/jwks") {
        jwksRequests++;
        return Response.json({ keys: published.map(({ keyId, publicKey }) => ({ ...publicKey.export({ format: "jwk" }), kid: keyId, use: "sig", alg: "RS256" })) });
      }
      requests.push(url);
      if (request.headers.get("api-key") !== STAND_IN_V2_API_KEY) {
        return Response.json({ errors: [{ error_source: "shipstation", error_type: "security", error_code: "unauthorized", message: "The API key is invalid." }] }, { status: 401 });
      }
      const taken = rate.take();
      if (!taken.allowed) return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": String(Math.max(1, taken.secondsLeft)) } });
      if (failures.count > 0) {
        failures.count--;
        return new Response("Internal Server Error", { status: failures.status });
      }
      if (url.pathname === "/v2/shipments") return Response.json(shipmentsPage(url));
      const one = /^\/v2\/shipments\/([^/]+)$/.exec(url.pathname);
      const found = one && shipments.find((shipment) => shipment.shipment_id === decodeURIComponent(one[1]!));
      return found ? Response.json(found) : Response.json({ errors: [{ message: "Not found" }] }, { status: 404 });
    },
  });

  function shipmentsPage(url: URL) {
    const query = (name: string) => url.searchParams.get(name);
    const within = (value: string | null | undefined, start: string | null, end: string | null) =>
      (!start || (value ?? "") >= start) && (!end || (value ?? "") <= end);
    const sortBy = query("sort_by") === "modified_at" ? "modified_at" : "created_at";
    const descending = query("sort_dir") === "desc";
    const matching = shipments
      .filter((shipment) => within(shipment.created_at, query("created_at_start"), query("created_at_end")))
      .filter((shipment) => within(shipment.modified_at, query("modified_at_start"), query("modified_at_end")))
      .sort((a, b) => ((a[sortBy] ?? "") < (b[sortBy] ?? "") ? -1 : (a[sortBy] ?? "") > (b[sortBy] ?? "") ? 1 : 0) * (descending ? -1 : 1));
    const pageSize = Math.min(500, Number(query("page_size") ?? 25));
    const page = Number(query("page") ?? 1);
    const pages = Math.max(1, Math.ceil(matching.length / pageSize));
    const link = (to: number) => ({ href: `${base()}/v2/shipments?page=${to}&page_size=${pageSize}` });
    return {
      shipments: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pages,
      links: { first: link(1), last: link(pages), prev: page > 1 ? link(page - 1) : {}, next: page < pages ? link(page + 1) : {} },
    };
  }

  const base = () => server.url.href.replace(/\/$/, "");

  return {
    url: base(),
    jwksUrl: `${base()}/jwks`,
    requests,
    /** How many times the JWKS was fetched. */
    get jwksRequests() {
      return jwksRequests;
    },
    /** Adds (or replaces, by shipment_id) shipments; returns the resource_url of the last one, as a webhook names it. */
    addShipments(added: ShipStationV2Shipment[]): string {
      const ids = new Set(added.map((shipment) => shipment.shipment_id));
      shipments = [...shipments.filter((shipment) => !ids.has(shipment.shipment_id)), ...added];
      return `${base()}/v2/shipments/${added.at(-1)?.shipment_id ?? ""}`;
    },
    /** The next requests answer `status` instead. */
    failNextRequests(count: number, status = 500) {
      failures = { count, status };
    },
    /** A new signing key replaces the published ones (keeping the old one published too when asked). */
    rotateKey(options: { keepOld?: boolean } = {}) {
      published = [makeKey(), ...(options.keepOld ? published : [])];
    },
    /**
     * A webhook as ShipStation sends it: the body's text and the three signature headers, signed now (or at
     * `signedAt`) with the newest key. `tamper` changes the body after signing; `keyId` claims another key.
     */
    signedWebhook(payload: { resource_url: string; resource_type?: string } | string, signing: { signedAt?: Date; tamper?: (body: string) => string; keyId?: string; withKey?: KeyObject } = {}) {
      const body = typeof payload === "string" ? payload : JSON.stringify({ resource_type: "SHIPMENT_CREATED_V2", ...payload });
      const timestamp = (signing.signedAt ?? new Date()).toISOString();
      const key = published[0]!;
      const signature = sign("sha256", Buffer.from(`${timestamp}.${body}`), signing.withKey ?? key.privateKey).toString("base64");
      return {
        body: signing.tamper ? signing.tamper(body) : body,
        headers: {
          "content-type": "application/json",
          "x-shipengine-rsa-sha256-key-id": signing.keyId ?? key.keyId,
          "x-shipengine-rsa-sha256-signature": signature,
          "x-shipengine-timestamp": timestamp,
        },
      };
    },
    stop: () => server.stop(true),
  };
}

/** A V2 shipment shaped like the API's documented one, varied by number, e-mail and time. */
export function standInShipment(number: number, overrides: Partial<ShipStationV2Shipment> = {}): ShipStationV2Shipment {
  const createdAt = new Date(Date.now() - (number % 1000) * 60_000).toISOString();
  return {
    shipment_id: `se-${number}`,
    shipment_number: `SS-${number}`,
    external_shipment_id: `order-key-${number}`,
    created_at: createdAt,
    modified_at: createdAt,
    shipment_status: "pending",
    store_id: 26815,
    ship_to: {
      name: "The President",
      company_name: "US Govt",
      address_line1: "1600 Pennsylvania Ave",
      city_locality: "Washington",
      state_province: "DC",
      postal_code: "20500",
      country_code: "US",
      phone: "555-555-5555",
      email: `buyer${number}@clinic${number % 7}.com`,
    },
    items: [{ sku: "ABC123", name: "Test item #1", quantity: 2, unit_price: { currency: "usd", amount: 24.99 } }],
    amount_paid: { currency: "usd", amount: 100 + (number % 50) },
    shipping_paid: { currency: "usd", amount: 8.5 },
    tax_paid: { currency: "usd", amount: 4.25 },
    ...overrides,
  };
}
