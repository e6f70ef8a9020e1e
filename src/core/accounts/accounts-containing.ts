import { or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { escapeLike, ftsPhrase } from "../database/search-text.ts";

/**
 * What "an account contains this text" means, for the accounts list's filter and the header search alike:
 * the text occurs anywhere in one of the searched fields, whatever its case. The list filter searches an
 * account's own fields; the header search its phone and contacts too.
 *
 * Found through the trigram index account_search, and, for accounts the index has not caught up with yet
 * (a large import is indexed in the background), by a scan of just those: a search never misses a change.
 */
export const CONTAINS_FIELDS = {
  listFilter: ["name", "domain", "email"],
  headerSearch: ["name", "domain", "email", "phone", "contacts"],
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
    queued: sql`SELECT q.account_id AS id FROM search_queue q JOIN accounts a ON a.id = q.account_id WHERE ${fieldsContaining(fields, text.pattern)}`,
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
  phone: (pattern) => sql`a.phone LIKE ${pattern} ESCAPE '\\'`,
  contacts: (pattern) =>
    sql`EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = a.id AND (c.first_name || ' ' || c.last_name LIKE ${pattern} ESCAPE '\\' OR c.email LIKE ${pattern} ESCAPE '\\'))`,
};
