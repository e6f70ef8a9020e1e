import { describe, expect, test } from "bun:test";
import { centsToDollars, dollarsToCents, parseMoneyToCents, plainAmountBytesToCents } from "./money.ts";
import { UnreadableValueError } from "../unreadable-value.ts";

function failureOf(text: string): UnreadableValueError {
  try {
    parseMoneyToCents(text);
  } catch (error) {
    if (error instanceof UnreadableValueError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be unreadable`);
}

describe("parseMoneyToCents", () => {
  test("plain, grouped and dollar-signed amounts", () => {
    expect(parseMoneyToCents("1198.00")).toBe(119_800);
    expect(parseMoneyToCents("1,234.56")).toBe(123_456);
    expect(parseMoneyToCents("$1,234.56")).toBe(123_456);
    expect(parseMoneyToCents("1,234,567")).toBe(123_456_700);
    expect(parseMoneyToCents("  12 ")).toBe(1200);
    expect(parseMoneyToCents("0")).toBe(0);
    expect(parseMoneyToCents(".5")).toBe(50);
    expect(parseMoneyToCents("12.")).toBe(1200);
    expect(parseMoneyToCents("0.07")).toBe(7);
    expect(parseMoneyToCents("007.10")).toBe(710);
  });

  test("digits and two decimals, the form nearly every amount takes, read the same as any other form", () => {
    expect(parseMoneyToCents("0.00")).toBe(0);
    expect(parseMoneyToCents("12.34")).toBe(1234);
    expect(parseMoneyToCents("0012.30")).toBe(1230);
    expect(parseMoneyToCents("1234567890123.45")).toBe(123_456_789_012_345);
    expect(parseMoneyToCents("12345678901234.56")).toBe(1_234_567_890_123_456);
    expect(() => parseMoneyToCents("1x.00")).toThrow(UnreadableValueError);
    expect(() => parseMoneyToCents("12.3.")).toThrow(UnreadableValueError);
  });

  test("refunds are negative, with the minus before or after the dollar sign", () => {
    expect(parseMoneyToCents("-5.00")).toBe(-500);
    expect(parseMoneyToCents("-$5.25")).toBe(-525);
    expect(parseMoneyToCents("$-1,000.01")).toBe(-100_001);
    expect(Object.is(parseMoneyToCents("-0.00"), 0)).toBe(true);
  });

  test("a third decimal rounds half away from zero on the digits as written", () => {
    expect(parseMoneyToCents("1.005")).toBe(101);
    expect(parseMoneyToCents("-1.005")).toBe(-101);
    expect(parseMoneyToCents("1.0049999")).toBe(100);
    expect(parseMoneyToCents("2.675")).toBe(268);
    expect(parseMoneyToCents("0.999")).toBe(100);
    expect(parseMoneyToCents("0.004")).toBe(0);
  });

  test("blank is null", () => {
    expect(parseMoneyToCents("")).toBeNull();
    expect(parseMoneyToCents(" \t ")).toBeNull();
  });

  test("anything else is unreadable, quoted in the message", () => {
    for (const text of ["12abc", "1,2,3.4.5", "$", "--1", "-$-1", ".", "-", "1,23", "1,2345", "1 000", "+5", "(5.00)", "12$", "1.2.3", "USD 5", "1e3"]) {
      expect(failureOf(text).message).toBe(`unreadable amount "${text}"`);
    }
    expect(failureOf(" 12abc  ").message).toBe('unreadable amount "12abc"');
  });

  test("amounts beyond exact integer cents are unreadable rather than silently imprecise", () => {
    expect(parseMoneyToCents("90071992547409.91")).toBe(9_007_199_254_740_991);
    expect(failureOf("90071992547409.92").message).toBe('unreadable amount "90071992547409.92": too large');
  });
});

describe("plainAmountBytesToCents, the import's reading of an amount cell's bytes", () => {
  const fromBytes = (text: string) => {
    const bytes = Buffer.from(`9${text}9`);
    return plainAmountBytesToCents(bytes, 1, bytes.length - 1);
  };

  test("reads digits and two decimals as parseMoneyToCents does", () => {
    for (const text of ["0.00", "0.07", "12.34", "0012.30", "1198.00", "1234567890123.45"]) expect(fromBytes(text)).toBe(parseMoneyToCents(text)!);
  });

  test("leaves every other form to parseMoneyToCents", () => {
    for (const text of ["", ".5", "1,234.56", "$12.00", "-5.00", "12.3", "12.345", "1x.00", "12345678901234.56"]) expect(fromBytes(text)).toBeUndefined();
  });
});

describe("centsToDollars", () => {
  test("gives the dollar amount JSON should carry", () => {
    expect(centsToDollars(123_456)).toBe(1234.56);
    expect(centsToDollars(-500)).toBe(-5);
    expect(centsToDollars(7)).toBe(0.07);
    expect(JSON.stringify(centsToDollars(1_019))).toBe("10.19");
  });
});

describe("dollarsToCents", () => {
  test("rounds to the nearest cent, half away from zero, without binary error", () => {
    expect(dollarsToCents(1234.56)).toBe(123_456);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(-1.005)).toBe(-101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.994)).toBe(1999);
    expect(dollarsToCents(1e-7)).toBe(0);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  test("round-trips every cent amount through dollars", () => {
    for (let cents = -100_000; cents <= 100_000; cents += 7) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });

  test("refuses amounts that whole cents cannot count", () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => dollarsToCents(1e21)).toThrow("Not a countable amount of dollars: 1e+21");
  });
});
