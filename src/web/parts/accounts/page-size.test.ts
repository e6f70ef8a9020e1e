import { describe, expect, test } from "bun:test";
import { pageKeepingFirstRow, pageSizeStorageKey, storedPageSize } from "./page-size";

function storageWith(entries: Record<string, string>): Pick<Storage, "getItem"> {
  return { getItem: (key) => entries[key] ?? null };
}

describe("the page size each user chose", () => {
  test("is kept per user, and read back only when it is one the table offers", () => {
    const storage = storageWith({ [pageSizeStorageKey(1)]: "50", [pageSizeStorageKey(2)]: "37", [pageSizeStorageKey(3)]: "lots" });
    expect(storedPageSize(storage, 1)).toBe(50);
    expect(storedPageSize(storage, 2)).toBe(10);
    expect(storedPageSize(storage, 3)).toBe(10);
    expect(storedPageSize(storage, 4)).toBe(10);
    expect(storedPageSize(storage, null)).toBe(10);
    expect(pageSizeStorageKey(1)).not.toBe(pageSizeStorageKey(2));
  });
});

describe("pageKeepingFirstRow", () => {
  test("opens the page that holds the first row shown before the size changed", () => {
    expect(pageKeepingFirstRow(1, 10, 50)).toBe(1);
    // Rows 41-50 → rows 26-50 with 25 a page.
    expect(pageKeepingFirstRow(5, 10, 25)).toBe(2);
    // Rows 51-100 → rows 51-60 with 10 a page.
    expect(pageKeepingFirstRow(2, 50, 10)).toBe(6);
  });
});
