import { createPublicKey, verify, type JsonWebKeyInput, type KeyObject } from "node:crypto";
import type { CrmDatabase } from "../database/open.ts";
import { DomainError, invalid } from "../errors.ts";
import { isV2Resource } from "./order-source.ts";
import { rememberedShipStationConfig } from "./shipstation-settings.ts";
import type { WebhookIntake } from "./webhook-intake.ts";

/** A signed timestamp further than this from the server's clock, either way, is refused: a replay, or a clock gone wrong. */
export const V2_WEBHOOK_TOLERANCE_MS = 5 * 60_000;
/** After a refetch for an unknown key id, the next waits this long: forged key ids must not make the server hammer the JWKS. */
export const JWKS_REFETCH_INTERVAL_MS = 60_000;
const JWKS_TIMEOUT_MS = 5_000;
/** Before any key is had, a failed fetch is tried again only after this long: deliveries meanwhile answer 503 at once, and ShipStation retries them. */
const JWKS_RETRY_AFTER_FAILURE_MS = 5_000;

/** The three headers ShipStation signs a V2 webhook with. */
export interface V2WebhookSignature {
  keyId: string | null;
  /** Base64. */
  signature: string | null;
  /** ISO 8601. */
  timestamp: string | null;
}

/**
 * The public keys ShipStation signs V2 webhooks with, from its JWKS, by key id. Fetched on first need and
 * kept; a key id not among them fetches the set again (ShipStation rotates its keys), at most once per
 * JWKS_REFETCH_INTERVAL_MS, so that a stream of made-up key ids costs one fetch. A set fetched again
 * replaces the old one whole: a key ShipStation withdrew is no longer believed.
 */
export class V2WebhookKeys {
  private keys: Map<string, KeyObject> | null = null;
  private fetching: Promise<void> | null = null;
  private lastRefetchAt = Number.NEGATIVE_INFINITY;
  private lastFailureAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: { now?: () => number; fetchTimeoutMs?: number } = {}) {}

  /** The key with this id, or null when the JWKS, fetched again if allowed, has none. Throws when the JWKS cannot be had at all. */
  async key(jwksUrl: string, keyId: string): Promise<KeyObject | null> {
    if (!this.keys) {
      if (this.now() - this.lastFailureAt < JWKS_RETRY_AFTER_FAILURE_MS) throw new DomainError("unavailable", "ShipStation's webhook signing keys could not be fetched; try again shortly");
      await this.fetchOnce(jwksUrl);
    } else if (!this.keys.has(keyId)) {
      const now = this.now();
      if (now - this.lastRefetchAt >= JWKS_REFETCH_INTERVAL_MS) {
        this.lastRefetchAt = now;
        await this.fetchOnce(jwksUrl);
      }
    }
    return this.keys?.get(keyId) ?? null;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Deliveries arriving together wait for one fetch. */
  private fetchOnce(jwksUrl: string): Promise<void> {
    this.fetching ??= this.fetchKeys(jwksUrl)
      .catch((error: unknown) => {
        this.lastFailureAt = this.now();
        throw error;
      })
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  private async fetchKeys(jwksUrl: string): Promise<void> {
    let answer: Response;
    try {
      answer = await fetch(jwksUrl, { signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? JWKS_TIMEOUT_MS), redirect: "error", headers: { accept: "application/json" } });
    } catch (error) {
      throw new DomainError("unavailable", `ShipStation's webhook signing keys could not be fetched: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!answer.ok) throw new DomainError("unavailable", `ShipStation's webhook signing keys could not be fetched (${answer.status})`);
    const body = (await answer.json().catch(() => null)) as { keys?: unknown } | null;
    const keys = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(body?.keys) ? (body.keys as (JsonWebKeyInput["key"] & { kid?: unknown })[]) : []) {
      if (typeof jwk?.kid !== "string" || jwk.kty !== "RSA") continue;
      try {
        keys.set(jwk.kid, createPublicKey({ key: jwk, format: "jwk" }));
      } catch {
        // A key that is not a usable RSA public key verifies nothing; the others still do.
      }
    }
    this.keys = keys;
  }
}

/**
 * Whether ShipStation signed this body: RSASSA-PKCS1-v1_5 with SHA-256 over the timestamp header, a dot and
 * the raw body exactly as received, the signature in base64, the key chosen by the key-id header; and
 * whether the timestamp is within five minutes of now. Answers why not, or null when it is genuine.
 */
export async function checkV2Signature(keys: V2WebhookKeys, jwksUrl: string, signed: V2WebhookSignature, rawBody: Uint8Array, now = Date.now()): Promise<string | null> {
  const { keyId, signature, timestamp } = signed;
  if (!keyId || !signature || !timestamp) return "Missing webhook signature headers";
  const signedAt = Date.parse(timestamp);
  if (!ISO_TIMESTAMP.test(timestamp) || Number.isNaN(signedAt)) return "The webhook's timestamp is not an ISO 8601 time";
  if (Math.abs(now - signedAt) > V2_WEBHOOK_TOLERANCE_MS) return "The webhook's timestamp is more than 5 minutes from now";
  const key = await keys.key(jwksUrl, keyId);
  if (!key) return "The webhook is signed with a key ShipStation does not publish";
  const signedText = Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), rawBody]);
  // With a callback, the RSA check runs on a thread of the pool, not on the server's thread, which answers every request.
  const genuine = await new Promise<boolean>((resolve) => {
    try {
      verify("sha256", signedText, key, Buffer.from(signature, "base64"), (error, valid) => resolve(!error && valid));
    } catch {
      resolve(false);
    }
  });
  return genuine ? null : "Wrong webhook signature";
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Accepts a ShipStation V2 webhook: its signature and timestamp first (401, nothing stored, when either is
 * wrong or missing), then its `{resource_url, resource_type}`, whose resource must be on the configured V2
 * API (400 otherwise), then stores it in the intake the V1 webhook uses, so that it keeps V1's guarantees:
 * committed before the answer, moved into crm.db and fetched by the worker, retried, counted once.
 */
export async function receiveV2Webhook(
  db: CrmDatabase,
  env: Record<string, string | undefined>,
  intake: WebhookIntake,
  keys: V2WebhookKeys,
  delivery: { signature: V2WebhookSignature; rawBody: Uint8Array },
): Promise<{ id: number }> {
  const config = rememberedShipStationConfig(db, env);
  if (!config.v2ApiKey) throw new DomainError("unavailable", "The ShipStation V2 webhook is not configured: set a V2 API key first");
  const refused = await checkV2Signature(keys, config.v2JwksUrl, delivery.signature, delivery.rawBody);
  if (refused) throw new DomainError("unauthorized", refused);
  let body: { resource_url?: unknown; resource_type?: unknown } | null;
  try {
    body = JSON.parse(STRICT_UTF8.decode(delivery.rawBody)) as typeof body;
  } catch {
    throw invalid("body", "body must be a JSON object");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw invalid("body", "body must be a JSON object");
  if (typeof body.resource_url !== "string" || !isV2Resource(body.resource_url, config.v2ApiUrl)) {
    throw invalid("resource_url", "resource_url must be a URL on the ShipStation V2 API");
  }
  const resourceType = typeof body.resource_type === "string" && body.resource_type.trim() ? body.resource_type.trim().slice(0, 50) : "UNKNOWN";
  return intake.store({ resourceUrl: body.resource_url, resourceType });
}
