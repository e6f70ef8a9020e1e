import { describe, expect, test } from "bun:test";
import { formatDollars } from "./money";

describe("formatDollars", () => {
  test("always shows two decimals and thousands separators", () => {
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(1_000_000)).toBe("$1,000,000.00");
  });

  test("rounds to the cent", () => {
    expect(formatDollars(19.999)).toBe("$20.00");
    expect(formatDollars(0.125)).toBe("$0.13");
  });
});
