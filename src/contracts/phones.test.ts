import { describe, expect, test } from "bun:test";
import { canonicalPhone, displayPhone, isNorthAmericanPhone, phoneHref } from "./phones.ts";

describe("canonicalPhone", () => {
  test("a North American number written any common way is stored in E.164", () => {
    for (const typed of ["4144794233", "414-479-4233", "414.479.4233", "414 479 4233", "(414) 479-4233", "(414)479-4233", "14144794233",
      "1-414-479-4233", "1 (414) 479-4233", "+1 414-479-4233", "+1 (414) 479-4233", "+14144794233", "+1.414.479.4233", "  414/479-4233  ",
      "+1-414-479-4233"]) {
      expect(canonicalPhone(typed)).toBe("+14144794233");
    }
  });

  test("an extension is kept as ;ext=", () => {
    for (const typed of ["414-479-4233 x123", "414-479-4233x123", "(414) 479-4233 ext. 123", "414.479.4233 ext 123", "+1 414 479 4233 extension 123",
      "4144794233 #123", "+14144794233;ext=123"]) {
      expect(canonicalPhone(typed)).toBe("+14144794233;ext=123");
    }
  });

  test("storing is idempotent", () => {
    for (const typed of ["213.748.8406", "+44 20 7946 0958", "555-0100", "414-479-4233 x9"]) {
      const stored = canonicalPhone(typed)!;
      expect(canonicalPhone(stored)).toBe(stored);
    }
  });

  test("anything else is kept as typed, trimmed, and is not North American", () => {
    for (const typed of ["+44 20 7946 0958", "+52 55 1234 5678", "555-0100", "n/a", "1-800-FLOWERS", "000-000-0000", "(114) 479-4233",
      "414-079-4233", "24144794233", "+2 414 479 4233", "414-479-42331"]) {
      expect(canonicalPhone(`  ${typed} `)).toBe(typed);
      expect(isNorthAmericanPhone(canonicalPhone(typed)!)).toBe(false);
    }
  });

  test("blank is no phone", () => {
    for (const typed of [null, undefined, "", "   "]) expect(canonicalPhone(typed)).toBeNull();
  });

  test("the issue's own numbers", () => {
    expect(canonicalPhone("4126904025")).toBe("+14126904025");
    expect(canonicalPhone("+1 414-479-4233")).toBe("+14144794233");
    expect(canonicalPhone("213.748.8406")).toBe("+12137488406");
  });
});

describe("displayPhone", () => {
  test("a North American number reads (414) 479-4233, with its extension", () => {
    expect(displayPhone("+14144794233")).toBe("(414) 479-4233");
    expect(displayPhone("+14144794233;ext=123")).toBe("(414) 479-4233 x123");
  });

  test("any other reads as stored", () => {
    expect(displayPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(displayPhone("555-0100")).toBe("555-0100");
  });
});

describe("phoneHref", () => {
  test("dials E.164, an extension after a pause", () => {
    expect(phoneHref("+14144794233")).toBe("tel:+14144794233");
    expect(phoneHref("+14144794233;ext=123")).toBe("tel:+14144794233,123");
  });

  test("a number kept as typed dials its digits; none for what cannot be dialled", () => {
    expect(phoneHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(phoneHref("555-0100")).toBe("tel:5550100");
    expect(phoneHref("n/a")).toBeNull();
    expect(phoneHref("1-800-FLOWERS")).toBeNull();
    expect(phoneHref("12")).toBeNull();
  });
});
