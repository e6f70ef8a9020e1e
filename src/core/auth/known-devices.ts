import { timingSafeEqual } from "node:crypto";
import type { CrmDatabase } from "../database/open.ts";
import { readSetting, readOrCreateSetting } from "../settings/settings.ts";

/**
 * Browsers a user has signed in from (OWASP's "device cookies"): at each successful sign-in the browser is
 * handed a token naming the user, signed with a key only the server holds. A sign-in attempt that brings a
 * valid one for the user it signs in as comes from a known device: failures from elsewhere, for this user or
 * from this address, do not hold it back; it has a failure limit of its own instead.
 */

/** A browser stays known this long after its latest successful sign-in. */
export const KNOWN_DEVICE_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/** A token for the browser the user has just signed in from; the first one ever creates the signing key. */
export function issueDeviceToken(db: CrmDatabase, userId: number, now: number): string {
  const device = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
  const signed = `${userId}.${now}.${device}`;
  return `${signed}.${signatureOf(signingKey(db), signed)}`;
}

/**
 * The device a token names, when the token is the user's, signed by this server and younger than
 * KNOWN_DEVICE_LIFETIME_MS; null for anything else (no token, another user's, forged, expired).
 */
export function knownDeviceOf(db: CrmDatabase, token: string | undefined, userId: number, now: number): string | null {
  const key = readSetting(db, "signInDeviceKey");
  const parts = token?.split(".");
  if (!key || parts?.length !== 4) return null;
  const [user, issuedAt, device, signature] = parts as [string, string, string, string];
  if (Number(user) !== userId || !(now - Number(issuedAt) < KNOWN_DEVICE_LIFETIME_MS)) return null;
  const expected = Buffer.from(signatureOf(key, `${user}.${issuedAt}.${device}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? device : null;
}

function signatureOf(key: string, signed: string): string {
  return new Bun.CryptoHasher("sha256", key).update(signed).digest("base64url");
}

function signingKey(db: CrmDatabase): string {
  return readOrCreateSetting(db, "signInDeviceKey", () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex"));
}
