/**
 * The part of a phone number that identifies the line: its digits without an extension, the last ten
 * (so '+1 (404) 555-0100' and '404.555.0100' agree). Null for fewer than ten digits, since a number
 * without its area code names a different line in every area, and for placeholders like 000-000-0000.
 */
export function phoneKey(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(EXTENSION, "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  const key = digits.slice(-10);
  return /^(\d)\1+$/.test(key) ? null : key;
}

/** A phone key as staff write it: (404) 555-0100. */
export function formatPhoneKey(key: string): string {
  return `(${key.slice(0, 3)}) ${key.slice(3, 6)}-${key.slice(6)}`;
}

const EXTENSION = /\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i;
