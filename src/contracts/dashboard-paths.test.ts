import { describe, expect, test } from "bun:test";
import { pathMatches } from "./dashboard-paths.ts";

describe("pathMatches", () => {
  test("matches a route's path, its parameters any one segment", () => {
    expect(pathMatches("/analytics", "/analytics")).toBe(true);
    expect(pathMatches("/analytics", "/analytics/")).toBe(true);
    expect(pathMatches("/accounts/:id", "/accounts/214")).toBe(true);
    expect(pathMatches("/accounts/:id", "/accounts")).toBe(false);
    expect(pathMatches("/accounts/:id", "/accounts/214/orders")).toBe(false);
    expect(pathMatches("/accounts", "/accounts/214")).toBe(false);
    expect(pathMatches("/", "/")).toBe(true);
    expect(pathMatches("/account", "/accounts")).toBe(false);
  });
});
