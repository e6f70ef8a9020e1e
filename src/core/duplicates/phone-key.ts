import { displayPhone, lineDigits } from "../../contracts/phones.ts";

/**
 * The part of a phone number that identifies the line: its digits without an extension, the last ten
 * (so '+1 (404) 555-0100', '+14045550100' and '404.555.0100' agree). Null for fewer than ten digits, since a
 * number without its area code names a different line in every area, and for placeholders like 000-000-0000.
 */
export function phoneKey(phone: string | null): string | null {
  if (!phone) return null;
  const digits = lineDigits(phone);
  if (digits.length < 10) return null;
  const key = digits.slice(-10);
  return /^(\d)\1+$/.test(key) ? null : key;
}

/** A phone key as staff write it: (404) 555-0100. */
export function formatPhoneKey(key: string): string {
  return displayPhone(`+1${key}`);
}
