import { CUSTOMER_EMAIL_PATTERN } from "../../contracts/email-address.ts";

/**
 * The address in an e-mail cell, trimmed and lower-cased, unwrapped from `<…>` and a `mailto:` prefix;
 * null unless it looks deliverable: one @, no spaces, and a domain with a dot and a top-level name of 2+ letters.
 */
export function normalizeCustomerEmail(text: string): string | null {
  const address = text
    .trim()
    .toLowerCase()
    .replace(/^mailto:\s*/, "")
    .replace(/^<\s*(.*?)\s*>$/, "$1")
    .replace(/^mailto:\s*/, "");
  return PRACTICAL_EMAIL.test(address) ? address : null;
}

const PRACTICAL_EMAIL = new RegExp(`^${CUSTOMER_EMAIL_PATTERN}$`);

/** The domain of an address, lower-cased. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) throw new RangeError(`Not an e-mail address: "${email}"`);
  return email.slice(at + 1).trim().toLowerCase();
}
