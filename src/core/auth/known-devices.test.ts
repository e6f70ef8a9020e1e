import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { issueDeviceToken, KNOWN_DEVICE_LIFETIME_MS, knownDeviceOf } from "./known-devices.ts";

describe("known devices", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("a token names a device of its own, for the user it was issued to", () => {
    const now = Date.now();
    const first = issueDeviceToken(database.db, 7, now);
    const second = issueDeviceToken(database.db, 7, now);
    const device = knownDeviceOf(database.db, first, 7, now);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownDeviceOf(database.db, second, 7, now)).not.toBe(device);
    expect(knownDeviceOf(database.db, first, 8, now)).toBeNull();
  });

  test("a token altered anywhere, malformed or missing names no device", () => {
    const now = Date.now();
    const token = issueDeviceToken(database.db, 7, now);
    const [user, issuedAt, device, signature] = token.split(".") as [string, string, string, string];
    for (const [altered, userId] of [
      [`8.${issuedAt}.${device}.${signature}`, 8],
      [`${user}.${now + 1}.${device}.${signature}`, 7],
      [`${user}.${issuedAt}.${device}x.${signature}`, 7],
      [`${user}.${issuedAt}.${device}.${signature.slice(1)}`, 7],
      [`${user}.${issuedAt}.${device}`, 7],
      ["", 7],
    ] as const) {
      expect(knownDeviceOf(database.db, altered, userId, now)).toBeNull();
    }
    expect(knownDeviceOf(database.db, undefined, 7, now)).toBeNull();
  });

  test("a token signed with another server's key names no device", () => {
    const elsewhere = temporaryDatabase();
    try {
      const now = Date.now();
      issueDeviceToken(database.db, 7, now);
      expect(knownDeviceOf(database.db, issueDeviceToken(elsewhere.db, 7, now), 7, now)).toBeNull();
    } finally {
      elsewhere.dispose();
    }
  });

  test("a device is known for 180 days after the token was issued", () => {
    const issuedAt = Date.now();
    const token = issueDeviceToken(database.db, 7, issuedAt);
    expect(knownDeviceOf(database.db, token, 7, issuedAt + KNOWN_DEVICE_LIFETIME_MS - 1)).not.toBeNull();
    expect(knownDeviceOf(database.db, token, 7, issuedAt + KNOWN_DEVICE_LIFETIME_MS)).toBeNull();
  });
});
