import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { startShipStationV2StandIn } from "../../testing/shipstation-v2-stand-in.ts";
import { checkV2Signature, JWKS_REFETCH_INTERVAL_MS, V2WebhookKeys } from "./v2-webhook.ts";

describe("a V2 webhook's signature", () => {
  let standIn: ReturnType<typeof startShipStationV2StandIn>;
  beforeAll(() => {
    standIn = startShipStationV2StandIn();
  });
  afterAll(() => standIn.stop());

  const payload = () => ({ resource_url: `${standIn.url}/v2/shipments/se-1`, resource_type: "SHIPMENT_CREATED_V2" });
  const check = (keys: V2WebhookKeys, webhook: ReturnType<typeof standIn.signedWebhook>, now = Date.now()) =>
    checkV2Signature(
      keys,
      standIn.jwksUrl,
      { keyId: webhook.headers["x-shipengine-rsa-sha256-key-id"], signature: webhook.headers["x-shipengine-rsa-sha256-signature"], timestamp: webhook.headers["x-shipengine-timestamp"] },
      Buffer.from(webhook.body),
      now,
    );

  test("a body ShipStation signed is genuine; a changed byte, another key's signature or a missing header is not", async () => {
    const keys = new V2WebhookKeys();
    expect(await check(keys, standIn.signedWebhook(payload()))).toBeNull();
    expect(await check(keys, standIn.signedWebhook(payload(), { tamper: (body) => body.replace("se-1", "se-2") }))).toBe("Wrong webhook signature");
    expect(await check(keys, standIn.signedWebhook(payload(), { tamper: (body) => `${body} ` }))).toBe("Wrong webhook signature");
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    expect(await check(keys, standIn.signedWebhook(payload(), { withKey: stranger }))).toBe("Wrong webhook signature");
    const signed = standIn.signedWebhook(payload());
    expect(await checkV2Signature(keys, standIn.jwksUrl, { keyId: null, signature: signed.headers["x-shipengine-rsa-sha256-signature"], timestamp: signed.headers["x-shipengine-timestamp"] }, Buffer.from(signed.body))).toBe(
      "Missing webhook signature headers",
    );
    expect(await checkV2Signature(keys, standIn.jwksUrl, { keyId: "k", signature: "not base64 at all", timestamp: "yesterday" }, Buffer.from(signed.body))).toBe(
      "The webhook's timestamp is not an ISO 8601 time",
    );
  });

  test("the signature covers the timestamp: one more than 5 minutes off either way is refused, and so is a timestamp changed after signing", async () => {
    const keys = new V2WebhookKeys();
    const now = Date.now();
    expect(await check(keys, standIn.signedWebhook(payload(), { signedAt: new Date(now - 4 * 60_000) }), now)).toBeNull();
    expect(await check(keys, standIn.signedWebhook(payload(), { signedAt: new Date(now - 6 * 60_000) }), now)).toBe("The webhook's timestamp is more than 5 minutes from now");
    expect(await check(keys, standIn.signedWebhook(payload(), { signedAt: new Date(now + 6 * 60_000) }), now)).toBe("The webhook's timestamp is more than 5 minutes from now");
    const replayed = standIn.signedWebhook(payload(), { signedAt: new Date(now - 10 * 60_000) });
    const refreshed = { ...replayed, headers: { ...replayed.headers, "x-shipengine-timestamp": new Date(now).toISOString() } };
    expect(await check(keys, refreshed, now)).toBe("Wrong webhook signature");
  });

  test("keys are kept; a new key id fetches the JWKS again once, and made-up ones do not hammer it", async () => {
    let now = 1_000_000;
    const keys = new V2WebhookKeys({ now: () => now });
    const fetchesBefore = standIn.jwksRequests;
    expect(await check(keys, standIn.signedWebhook(payload()))).toBeNull();
    expect(await check(keys, standIn.signedWebhook(payload()))).toBeNull();
    expect(standIn.jwksRequests - fetchesBefore).toBe(1);

    standIn.rotateKey();
    expect(await check(keys, standIn.signedWebhook(payload()))).toBeNull();
    expect(standIn.jwksRequests - fetchesBefore).toBe(2);

    const forged = (keyId: string) => standIn.signedWebhook(payload(), { keyId });
    expect(await check(keys, forged("made-up-1"))).toBe("The webhook is signed with a key ShipStation does not publish");
    expect(await check(keys, forged("made-up-2"))).toBe("The webhook is signed with a key ShipStation does not publish");
    expect(standIn.jwksRequests - fetchesBefore).toBe(2);

    now += JWKS_REFETCH_INTERVAL_MS;
    expect(await check(keys, forged("made-up-3"))).toBe("The webhook is signed with a key ShipStation does not publish");
    expect(standIn.jwksRequests - fetchesBefore).toBe(3);
  });

  test("a JWKS that cannot be fetched refuses to decide rather than trust", async () => {
    const keys = new V2WebhookKeys({ fetchTimeoutMs: 2_000 });
    const webhook = standIn.signedWebhook(payload());
    const headers = { keyId: webhook.headers["x-shipengine-rsa-sha256-key-id"], signature: webhook.headers["x-shipengine-rsa-sha256-signature"], timestamp: webhook.headers["x-shipengine-timestamp"] };
    await expect(checkV2Signature(keys, `${standIn.url}/no-jwks-here`, headers, Buffer.from(webhook.body))).rejects.toThrow("ShipStation's webhook signing keys could not be fetched (401)");
    // Not asked again at once, however many deliveries arrive meanwhile.
    const fetchesBefore = standIn.jwksRequests;
    await expect(checkV2Signature(keys, standIn.jwksUrl, headers, Buffer.from(webhook.body))).rejects.toThrow("try again shortly");
    expect(standIn.jwksRequests).toBe(fetchesBefore);
  });
});
