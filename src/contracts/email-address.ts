/**
 * A customer's e-mail address as the CRM takes one, wherever it comes from (a form, an import, ShipStation):
 * one @, no spaces, and a domain with a dot and a top-level name of 2+ letters. Deliberately simpler than
 * RFC 5322: it turns away what is plainly not one address (lists, display names, "jane@gmail") without
 * rejecting unusual real ones. A pattern without schemas around it, as the dashboard's own reading of pasted
 * e-mails (core/lists/extract-emails.ts) applies it too.
 */
export const CUSTOMER_EMAIL_PATTERN = '[^\\s@<>(),;:"]+@(?:[^\\s@<>(),;:".]+\\.)+[A-Za-z]{2,}';
