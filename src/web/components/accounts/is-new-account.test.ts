import { describe, expect, test } from "bun:test";
import { isNewAccount } from "./is-new-account";

const NOW = new Date("2026-04-20T12:00:00.000Z");

describe("isNewAccount", () => {
  test("an account added in the last 14 days is new", () => {
    expect(isNewAccount("2026-04-20T11:00:00.000Z", NOW)).toBe(true);
    expect(isNewAccount("2026-04-06T12:00:00.000Z", NOW)).toBe(true);
  });

  test("an older account is not", () => {
    expect(isNewAccount("2026-04-06T11:59:59.000Z", NOW)).toBe(false);
  });
});
