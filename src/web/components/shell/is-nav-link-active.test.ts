import { describe, expect, test } from "bun:test";
import { isNavLinkActive } from "./is-nav-link-active";

describe("isNavLinkActive", () => {
  test("accounts matches the list and the root only", () => {
    expect(isNavLinkActive("/accounts", "/accounts")).toBe(true);
    expect(isNavLinkActive("/accounts", "/")).toBe(true);
    expect(isNavLinkActive("/accounts", "/accounts/12")).toBe(false);
  });

  test("other links match their path and anything below it", () => {
    expect(isNavLinkActive("/settings", "/settings")).toBe(true);
    expect(isNavLinkActive("/settings", "/settings/team")).toBe(true);
    expect(isNavLinkActive("/lists", "/")).toBe(false);
  });

  test("a shared prefix that is not a path segment does not match", () => {
    expect(isNavLinkActive("/tasks", "/tasksheet")).toBe(false);
  });
});
