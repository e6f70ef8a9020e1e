import { describe, expect, test } from "bun:test";
import { phoneDigits, phoneDigitsSearchedFor } from "./accounts-containing.ts";

describe("text that looks like a phone number", () => {
  test("is searched for by its digits, however it is punctuated", () => {
    for (const typed of ["813-555-0106", "8135550106", "(813) 555-0106", "813.555.0106", " 813 555 0106 "]) expect(phoneDigitsSearchedFor(typed)).toBe("8135550106");
    expect(phoneDigitsSearchedFor("555-0106")).toBe("5550106");
    expect(phoneDigitsSearchedFor("0106")).toBe("0106");
  });

  test("without the country code", () => {
    for (const typed of ["+1 813 555 0106", "+1 (813) 555-0106", "+18135550106", "1-813-555-0106", "1 (813) 555-0106", "18135550106"]) {
      expect(phoneDigitsSearchedFor(typed)).toBe("8135550106");
    }
    // A 1 inside the number stays: only a leading one set apart, or the first of eleven digits, is the country code.
    expect(phoneDigitsSearchedFor("1813555")).toBe("1813555");
    expect(phoneDigitsSearchedFor("+44 20 7946 0958")).toBe("442079460958");
  });

  test("needs four digits, and nothing but digits and phone punctuation", () => {
    expect(phoneDigitsSearchedFor("813")).toBeUndefined();
    expect(phoneDigitsSearchedFor("(81) 3")).toBeUndefined();
    expect(phoneDigitsSearchedFor("SO-100234")).toBeUndefined();
    expect(phoneDigitsSearchedFor("Lab 2024")).toBeUndefined();
    expect(phoneDigitsSearchedFor("813-555-0106 x12")).toBeUndefined();
    expect(phoneDigitsSearchedFor("buyer1234@clinic.com")).toBeUndefined();
  });

  test("stored numbers lose the same punctuation, and keep anything else", () => {
    expect(phoneDigits("+1 (813) 555-0106")).toBe("18135550106");
    expect(phoneDigits("813.555.0106 ext 12")).toBe("8135550106ext12");
  });
});
