import { describe, expect, test } from "bun:test";
import { initials } from "./initials";

describe("initials", () => {
  test("takes the first letters of the first two words", () => {
    expect(initials("Acme Testing Supplies")).toBe("AT");
  });

  test("works with a single word and extra spaces", () => {
    expect(initials("  acme  ")).toBe("A");
  });

  test("is empty for a blank name", () => {
    expect(initials("   ")).toBe("");
  });
});
