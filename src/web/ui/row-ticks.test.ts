import { describe, expect, test } from "bun:test";
import { pageTicks, toggled, toggledPage } from "./row-ticks";

describe("row ticks", () => {
  test("ticks and unticks one account", () => {
    const once = toggled(new Set(), 7);
    expect([...once]).toEqual([7]);
    expect([...toggled(once, 7)]).toEqual([]);
  });

  test("the header ticks the page, keeping other pages' ticks, and unticks it once all are ticked", () => {
    const otherPage = new Set([99]);
    const page = toggledPage(otherPage, [1, 2, 3]);
    expect([...page].sort((a, b) => a - b)).toEqual([1, 2, 3, 99]);
    expect(pageTicks(page, [1, 2, 3])).toBe("all");
    expect([...toggledPage(page, [1, 2, 3])]).toEqual([99]);
    expect(pageTicks(new Set([2]), [1, 2, 3])).toBe("some");
    expect(pageTicks(new Set(), [1, 2, 3])).toBe("none");
    expect(pageTicks(new Set(), [])).toBe("none");
  });
});
