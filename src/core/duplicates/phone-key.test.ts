import { describe, expect, test } from "bun:test";
import { formatPhoneKey, phoneKey } from "./phone-key.ts";

describe("phoneKey", () => {
  test("every way of writing one number gives its last ten digits", () => {
    for (const phone of ["(404) 555-0100", "404-555-0100", "404.555.0100", "4045550100", "+1 404 555 0100", "1-404-555-0100", "+1 (404) 555-0100 ext. 12",
      "404-555-0100 x7", "404 555 0100 #3", "404-555-0100 extension 25"]) {
      expect(phoneKey(phone)).toBe("4045550100");
    }
  });

  test("none for numbers without an area code, blanks and placeholders", () => {
    for (const phone of [null, "", "555-0100", "n/a", "000-000-0000", "(999) 999-9999"]) expect(phoneKey(phone)).toBeNull();
  });

  test("formats a key as staff write it", () => {
    expect(formatPhoneKey("4045550100")).toBe("(404) 555-0100");
  });
});
