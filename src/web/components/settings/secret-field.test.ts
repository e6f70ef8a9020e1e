import { describe, expect, test } from "bun:test";
import { isSetByEnvironment, secretPlaceholder } from "./secret-field";

describe("secretPlaceholder", () => {
  test("shows how a saved secret ends, never more", () => {
    expect(secretPlaceholder({ configured: true, source: "database", hint: "…abcd" })).toBe("Saved: …abcd");
  });

  test("says a secret is saved without how it ends when the server does not tell (a user who is not an administrator)", () => {
    expect(secretPlaceholder({ configured: true, source: "database", hint: null })).toBe("Saved");
  });

  test("says when nothing is saved", () => {
    expect(secretPlaceholder({ configured: false, source: null, hint: null })).toBe("Not set");
  });

  test("says when the server's environment sets it", () => {
    const description = { configured: true, source: "environment", hint: "…abcd" } as const;
    expect(secretPlaceholder(description)).toBe("Set by the server's environment");
    expect(isSetByEnvironment(description)).toBe(true);
    expect(isSetByEnvironment({ configured: true, source: "database", hint: "…abcd" })).toBe(false);
  });
});
