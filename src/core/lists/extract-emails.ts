import { normalizeCustomerEmail } from "../account-basics/email.ts";

const EMAIL_CANDIDATE = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/**
 * The e-mail addresses in text pasted from anywhere: one per line, separated by commas or semicolons,
 * or whole CSV rows with quoted cells and other columns. Lower-cased, without duplicates, in the order
 * they first appear; anything that is not an address is ignored. Pure, so the dashboard counts
 * exactly what the server will match.
 */
export function extractEmails(text: string): string[] {
  const found = new Set<string>();
  for (const [candidate] of text.matchAll(EMAIL_CANDIDATE)) {
    const email = normalizeCustomerEmail(candidate.replace(/^[.'-]+|[.'-]+$/g, ""));
    if (email) found.add(email);
  }
  return [...found];
}
