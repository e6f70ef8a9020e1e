import { describe, expect, test } from "bun:test";
import { csvDocument, csvDollars, csvField } from "./csv";

describe("csvField", () => {
  test("plain text and numbers are written as they are", () => {
    expect(csvField("Riverside Clinic")).toBe("Riverside Clinic");
    expect(csvField(1234.5)).toBe("1234.5");
    expect(csvField(-3)).toBe("-3");
  });

  test("text starting like a formula is prefixed with an apostrophe", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvField("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvField("-5 days")).toBe("'-5 days");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tTabbed")).toBe("'\tTabbed");
    expect(csvField("\rReturn")).toBe("\"'\rReturn\"");
    expect(csvField("Lab = fine")).toBe("Lab = fine");
  });

  test("commas, quotes and line breaks are quoted, quotes doubled", () => {
    expect(csvField("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvField('The "Best" Lab')).toBe('"The ""Best"" Lab"');
    expect(csvField("Line one\nLine two")).toBe('"Line one\nLine two"');
  });

  test("a number that is not one is an empty field", () => {
    expect(csvField(Number.NaN)).toBe("");
  });
});

describe("csvDocument", () => {
  test("starts with the UTF-8 byte order mark and ends every row with CRLF", () => {
    expect(csvDocument([["Month", "Revenue"], ["2026-03", 10.5]])).toBe("\uFEFFMonth,Revenue\r\n2026-03,10.5\r\n");
  });

  test("keeps accents and symbols as they are", () => {
    expect(csvDocument([["Clínica São José", "€"]])).toBe("\uFEFFClínica São José,€\r\n");
  });
});

describe("csvDollars", () => {
  test("rounds to cents", () => {
    expect(csvDollars(1000.1 - 200.05)).toBe(800.05);
    expect(csvDollars(0)).toBe(0);
  });
});
