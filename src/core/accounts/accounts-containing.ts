import { or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { escapeLike, ftsPhrase } from "../database/search-text.ts";

/**
 * What "an account contains this text" means, for the accounts list's filter and the header search alike:
 * the text occurs anywhere in one of the searched fields, whatever its case. The list filter searches an
 * account's own fields; the header search its contacts' names and e-mails too, and phones by their digits
 * (accountIdsWithPhone below).
 *
 * Found through the trigram index account_search, and, for accounts the index has not caught up with yet
 * (a large import is indexed in the background), by a scan of just those: a search never misses a change.
 */
export const CONTAINS_FIELDS = {
  listFilter: ["name", "domain", "email"],
  headerSearch: ["name", "domain", "email", "contacts"],
} as const;

export type ContainsFields = (typeof CONTAINS_FIELDS)[keyof typeof CONTAINS_FIELDS];

/** The text as both searches take it: an FTS5 phrase for the index, a LIKE pattern for the scans. */
export function containsText(text: string): { phrase: string; pattern: string } {
  return { phrase: ftsPhrase(text), pattern: `%${escapeLike(text.toLowerCase())}%` };
}

type Value = string | Placeholder;

/** Ids of the accounts containing the text, as two subqueries to combine: the index's matches and the not-yet-indexed ones. */
export function accountIdsContaining(fields: ContainsFields, text: { phrase: Value; pattern: Value }): { indexed: SQL; queued: SQL } {
  return {
    indexed: sql`SELECT rowid AS id FROM account_search WHERE account_search MATCH ${`{${fields.join(" ")}}: `} || ${text.phrase}`,
    queued: sql`SELECT q.account_id AS id FROM search_queue q CROSS JOIN accounts a ON a.id = q.account_id WHERE ${fieldsContaining(fields, text.pattern)}`,
  };
}

/** The fields of the account aliased `a` that contain the pattern: a scan, for too short a text or too few rows for the index. */
export function fieldsContaining(fields: ContainsFields, pattern: Value): SQL {
  return or(...fields.map((field) => FIELD_CONTAINS[field](pattern)))!;
}

const FIELD_CONTAINS: Record<ContainsFields[number], (pattern: Value) => SQL> = {
  name: (pattern) => sql`a.name LIKE ${pattern} ESCAPE '\\'`,
  domain: (pattern) => sql`a.domain LIKE ${pattern} ESCAPE '\\'`,
  email: (pattern) => sql`a.email LIKE ${pattern} ESCAPE '\\'`,
  contacts: (pattern) =>
    sql`EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = a.id AND (c.first_name || ' ' || c.last_name LIKE ${pattern} ESCAPE '\\' OR c.email LIKE ${pattern} ESCAPE '\\'))`,
};

/**
 * Phones are compared by their digits, so that however a number was stored ('(813) 555-0106',
 * '813.555.0106', '+1 813-555-0106') and however it is typed, the same number is found, and so is a part
 * of it ('555-0106'). Only the punctuation people write numbers with is taken out; anything else stored
 * with a number (an extension's 'ext') stays, and is simply never part of what is looked for.
 */
const PHONE_PUNCTUATION = [" ", "-", ".", "(", ")", "+"];
const PHONE_PUNCTUATION_CLASS = PHONE_PUNCTUATION.map((character) => `\\${character}`).join("");
const PHONE_PUNCTUATION_PATTERN = new RegExp(`[${PHONE_PUNCTUATION_CLASS}]`, "g");

/** The stored number as it is compared: without its punctuation. */
export function phoneDigits(phone: string): string {
  return phone.replace(PHONE_PUNCTUATION_PATTERN, "");
}

/** phoneDigits in SQL, for the index (search-index.ts) and the scan of what it has not caught up with. */
export function phoneDigitsSql(phone: string): string {
  return PHONE_PUNCTUATION.reduce((digits, character) => `replace(${digits}, '${character}', '')`, phone);
}

/**
 * Text looks like a phone number when it is nothing but digits and phone punctuation, with at least
 * four digits: four is the shortest part of a number people quote (its last four), while three would
 * find every account of an area code, or any number holding them. The digits looked for are then
 * returned, else undefined. A leading +1 or 1 is the country code, which stored numbers may or may not
 * carry: it is left out ('+1 813 555 0106', '1-813-555-0106', '18135550106'), so that the rest, being
 * part of either way of storing the number, finds both.
 */
export function phoneDigitsSearchedFor(text: string): string | undefined {
  const typed = text.trim();
  if (!PHONE_TEXT.test(typed)) return undefined;
  const digits = typed.replace(TYPED_COUNTRY_CODE, "").replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length >= PHONE_QUERY_MIN_DIGITS ? national : undefined;
}

const PHONE_QUERY_MIN_DIGITS = 4;
const PHONE_TEXT = new RegExp(`^[\\d${PHONE_PUNCTUATION_CLASS}]+$`);
/** '+1' however followed, or a '1' set apart from the rest ('1 (813) …', '1-813-…'). */
const TYPED_COUNTRY_CODE = /^\+\s*1|^1(?=\D)/;

/**
 * Ids of the accounts whose phone, or a contact's, holds the digits, as two subqueries to combine as
 * accountIdsContaining's: the index's column `phones` holds the digits of all of an account's numbers.
 */
export function accountIdsWithPhone(digits: string): { indexed: SQL; queued: SQL } {
  const pattern = `%${digits}%`;
  return {
    indexed: sql`SELECT rowid AS id FROM account_search WHERE account_search MATCH ${`phones: ${ftsPhrase(digits)}`}`,
    queued: sql`SELECT q.account_id AS id FROM search_queue q CROSS JOIN accounts a ON a.id = q.account_id
                WHERE ${sql.raw(phoneDigitsSql("a.phone"))} LIKE ${pattern}
                   OR EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = a.id AND ${sql.raw(phoneDigitsSql("c.phone"))} LIKE ${pattern})`,
  };
}
