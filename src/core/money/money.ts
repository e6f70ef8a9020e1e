import { unreadableValue } from "../unreadable-value.ts";

/**
 * Reads an amount cell (`1,234.56`, `$1,234.56`, `-5.00`, `.5`) as whole cents. Blank is null.
 * More than two decimals round half away from zero on the written digits, so `1.005` is 101 cents
 * where binary floating point would give 100. Throws UnreadableValueError for anything else.
 */
export function parseMoneyToCents(text: string): number | null {
  const plain = plainAmountToCents(text);
  if (plain !== undefined) return plain;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const match = AMOUNT.exec(trimmed);
  if (match === null) throw unreadableValue("amount", trimmed);
  const [, signBeforeDollar, signAfterDollar, whole = "", fraction = ""] = match;
  if ((signBeforeDollar === "-" && signAfterDollar === "-") || (whole === "" && fraction === "")) throw unreadableValue("amount", trimmed);
  const truncatedCents = Number(whole.replaceAll(",", "") + fraction.slice(0, 2).padEnd(2, "0"));
  const cents = (fraction[2] ?? "0") >= "5" ? truncatedCents + 1 : truncatedCents;
  if (!Number.isSafeInteger(cents)) throw unreadableValue("amount", trimmed, "too large");
  const negative = signBeforeDollar === "-" || signAfterDollar === "-";
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * The form nearly every amount of an export takes, digits and two decimals ("1234.56"), read digit by
 * digit: an import reads a million amounts, and the general pattern costs several times more.
 * Undefined for anything else, which the general pattern then reads.
 */
function plainAmountToCents(text: string): number | undefined {
  const point = text.length - 3;
  // 1 to 13 digits before the point keep the cents a safe integer.
  if (point < 1 || point > 13 || text.charCodeAt(point) !== DECIMAL_POINT) return undefined;
  let cents = 0;
  for (let index = 0; index < text.length; index++) {
    if (index === point) continue;
    const digit = text.charCodeAt(index) - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return undefined;
    cents = cents * 10 + digit;
  }
  return cents;
}

/** plainAmountToCents for the bytes of a cell, so that the import need not make a string of every amount. */
export function plainAmountBytesToCents(bytes: Uint8Array, start: number, end: number): number | undefined {
  const point = end - 3;
  if (point - start < 1 || point - start > 13 || bytes[point] !== DECIMAL_POINT) return undefined;
  let cents = 0;
  for (let index = start; index < end; index++) {
    if (index === point) continue;
    const digit = bytes[index]! - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return undefined;
    cents = cents * 10 + digit;
  }
  return cents;
}

const DECIMAL_POINT = 46;
const DIGIT_ZERO = 48;

// Thousands separators are accepted only in threes, so a European "1,50" is refused instead of read as 150.
const AMOUNT = /^(-?)\$?(-?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/** Cents as a dollar number for JSON, e.g. 123456 → 1234.56. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars to whole cents, rounding half away from zero on the number's shortest decimal form (1.005 → 101). */
export function dollarsToCents(dollars: number): number {
  // Shifting the decimal exponent in the text avoids the binary error of dollars * 100 (1.005 * 100 = 100.4999…).
  const [mantissa, exponent = "0"] = String(Math.abs(dollars)).split("e");
  const cents = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a countable amount of dollars: ${dollars}`);
  return dollars < 0 && cents !== 0 ? -cents : cents;
}
