import { describe, expect, test } from "bun:test";
import { readsUnder } from "./cached-reads";

describe("readsUnder", () => {
  test("matches the path, its sub-paths and its queries", () => {
    expect(readsUnder("/api/lists", "/api/lists")).toBe(true);
    expect(readsUnder("/api/lists?from=2026-01-01", "/api/lists")).toBe(true);
    expect(readsUnder("/api/accounts/12/orders?limit=5&offset=0", "/api/accounts")).toBe(true);
    expect(readsUnder(["/api/accounts", 12], "/api/accounts")).toBe(true);
  });

  test("matches the paged reads of useSWRInfinite, kept under their first page's key", () => {
    expect(readsUnder("$inf$/api/tasks?status=open&limit=25&offset=0", "/api/tasks")).toBe(true);
    expect(readsUnder("$inf$/api/tasks", "/api/tasks")).toBe(true);
    expect(readsUnder("$inf$/api/tasksx?limit=25", "/api/tasks")).toBe(false);
    expect(readsUnder("$inf$/api/lists", "/api/tasks")).toBe(false);
  });

  test("does not match a path that merely starts with the same letters", () => {
    expect(readsUnder("/api/listsx", "/api/lists")).toBe(false);
    expect(readsUnder("/api/config", "/api/lists")).toBe(false);
    expect(readsUnder(null, "/api/lists")).toBe(false);
  });
});
