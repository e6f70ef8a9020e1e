import { describe, expect, test } from "bun:test";
import { formatBadgeCount, formatCount, formatCountOf } from "./count";

describe("formatCount", () => {
  test("groups thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(12345)).toBe("12,345");
  });
});

describe("formatCountOf", () => {
  test("names the thing, singular for one", () => {
    expect(formatCountOf(1, "order")).toBe("1 order");
    expect(formatCountOf(0, "order")).toBe("0 orders");
    expect(formatCountOf(1500, "order")).toBe("1,500 orders");
  });
});

describe("formatBadgeCount", () => {
  test("caps at 99+ so the badge stays on its icon", () => {
    expect(formatBadgeCount(7)).toBe("7");
    expect(formatBadgeCount(99)).toBe("99");
    expect(formatBadgeCount(100)).toBe("99+");
  });
});
