import { describe, expect, test } from "bun:test";
import { USER_ROLES } from "../../contracts/auth.ts";
import { roleLabel } from "./role-label";

describe("roleLabel", () => {
  test("names each role as the specification does", () => {
    expect(USER_ROLES.map(roleLabel)).toEqual(["Admin", "Sales Manager"]);
  });
});
