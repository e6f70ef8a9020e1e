import { describe, expect, test } from "bun:test";
import { emailDomain, normalizeCustomerEmail } from "./email.ts";

describe("normalizeCustomerEmail", () => {
  test("trims and lower-cases", () => {
    expect(normalizeCustomerEmail("  Jane.Doe@Example.COM ")).toBe("jane.doe@example.com");
    expect(normalizeCustomerEmail("orders+ss@acme-supply.co.uk")).toBe("orders+ss@acme-supply.co.uk");
  });

  test("unwraps angle brackets and a mailto: prefix, in either order", () => {
    expect(normalizeCustomerEmail("<jane@example.com>")).toBe("jane@example.com");
    expect(normalizeCustomerEmail("MAILTO:Jane@Example.com")).toBe("jane@example.com");
    expect(normalizeCustomerEmail("mailto:<jane@example.com>")).toBe("jane@example.com");
    expect(normalizeCustomerEmail("< mailto:jane@example.com >")).toBe("jane@example.com");
  });

  test("null for what is not one deliverable-looking address", () => {
    for (const text of [
      "", "   ", "jane", "jane@", "@example.com", "jane@example", "jane@example.c", "jane@example.c0m", "jane@@example.com",
      "jane@foo@example.com", "jane doe@example.com", "jane@exa mple.com", "jane@.com", "jane@example..com",
      "a@b.com, c@d.com", "a@b.com;c@d.com", "Jane Doe <jane@example.com>", "<jane@example.com", "n/a",
    ]) {
      expect(normalizeCustomerEmail(text)).toBeNull();
    }
  });
});

describe("emailDomain", () => {
  test("is the part after the @, lower-cased", () => {
    expect(emailDomain("jane@example.com")).toBe("example.com");
    expect(emailDomain("Buyer@Sub.Acme.IO")).toBe("sub.acme.io");
  });

  test("refuses text without an @", () => {
    expect(() => emailDomain("example.com")).toThrow(RangeError);
  });
});
