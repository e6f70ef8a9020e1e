import { describe, expect, test } from "bun:test";
import { allResultsHref, isSearchShortcut, isTypingTarget, nextHighlight, seeAllLabel } from "./header-search";

describe("nextHighlight", () => {
  test("ArrowDown starts at the first option and wraps to it after the last", () => {
    expect(nextHighlight(-1, 3, 1)).toBe(0);
    expect(nextHighlight(1, 3, 1)).toBe(2);
    expect(nextHighlight(2, 3, 1)).toBe(0);
  });

  test("ArrowUp starts at the last option and wraps to it before the first", () => {
    expect(nextHighlight(-1, 3, -1)).toBe(2);
    expect(nextHighlight(0, 3, -1)).toBe(2);
  });

  test("nothing to highlight without options", () => {
    expect(nextHighlight(0, 0, 1)).toBe(-1);
  });
});

const plain = { ctrlKey: false, metaKey: false, altKey: false };

describe("isSearchShortcut", () => {
  test("'/' alone, Ctrl+K and Cmd+K", () => {
    expect(isSearchShortcut({ ...plain, key: "/" })).toBe(true);
    expect(isSearchShortcut({ ...plain, key: "k", ctrlKey: true })).toBe(true);
    expect(isSearchShortcut({ ...plain, key: "K", metaKey: true })).toBe(true);
  });

  test("not plain K, Ctrl+/ or Alt combinations", () => {
    expect(isSearchShortcut({ ...plain, key: "k" })).toBe(false);
    expect(isSearchShortcut({ ...plain, key: "/", ctrlKey: true })).toBe(false);
    expect(isSearchShortcut({ ...plain, key: "k", ctrlKey: true, altKey: true })).toBe(false);
  });
});

describe("isTypingTarget", () => {
  test("fields and editable content are typing targets", () => {
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "TEXTAREA" })).toBe(true);
    expect(isTypingTarget({ tagName: "SELECT" })).toBe(true);
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true })).toBe(true);
  });

  test("the page and buttons are not", () => {
    expect(isTypingTarget({ tagName: "BODY" })).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("See all results", () => {
  test("offered only when more accounts match than are shown", () => {
    expect(seeAllLabel(10, 24, false)).toBe("See all 24 results");
    expect(seeAllLabel(10, 1000, true)).toBe("See all 1,000+ results");
    expect(seeAllLabel(7, 7, false)).toBeUndefined();
    expect(seeAllLabel(10, 10, false)).toBeUndefined();
  });

  test("opens the accounts screen filtered by the text as typed, trimmed", () => {
    expect(allResultsHref(" foothills ")).toBe("/accounts?q=foothills&owner=all");
    expect(allResultsHref("Dr. O'Neil & Sons")).toBe("/accounts?q=Dr.+O%27Neil+%26+Sons&owner=all");
  });
});
