import { describe, expect, test } from "bun:test";
import { parseAccountId } from "./account-route";

describe("parseAccountId", () => {
  test("reads a positive whole number", () => {
    expect(parseAccountId("22")).toBe(22);
  });

  test("anything else is no account", () => {
    for (const segment of [undefined, "", "0", "-3", "2.5", "07", "abc", "1e3", "99999999999999999999"]) {
      expect(parseAccountId(segment)).toBeNull();
    }
  });
});
