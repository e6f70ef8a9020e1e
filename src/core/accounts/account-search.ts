import type { CrmDatabase } from "../database/open.ts";
import { sql } from "drizzle-orm";
import { accountIdsContaining, containsText, CONTAINS_FIELDS } from "./accounts-containing.ts";
import { MIN_SEARCH_LENGTH, SEARCH_RESULT_LIMIT } from "../../contracts/search.ts";

/** Inner matches are read from the trigram index up to this many before they are ranked by name. */
const INNER_MATCH_CANDIDATES = 200;

export interface AccountSearchHit {
  id: number;
  name: string;
  domain: string | null;
  orderCount: number;
}

/**
 * The header search. First the accounts whose name, e-mail, domain or an order number starts with the
 * text, each found by a range scan of its index; then, to fill the ten places, accounts containing it
 * anywhere in their name, domain, e-mail, phone or contacts, through the trigram index account_search.
 * Each group is ordered by name. Answers are remembered until data changes: staff type, erase and retype.
 */
export function searchAccounts(db: CrmDatabase, text: string): AccountSearchHit[] {
  const query = text.trim();
  if (query.length < MIN_SEARCH_LENGTH) return [];
  return db.answers.remember(`search:${query}`, () => findAccounts(db, query));
}

function findAccounts(db: CrmDatabase, query: string): AccountSearchHit[] {
  const sqlite = db.$client;
  const limit = SEARCH_RESULT_LIMIT;
  const range = (start: string) => ({ start, end: `${start}\u{10FFFF}`, limit });

  const prefixIds = new Set<number>();
  // Raw statements, which bun:sqlite compiles once per text: the search answers every keystroke, and drizzle
  // would build and compile these range scans anew each time, several times their cost of running.
  const collect = (statement: string, params: { start: string; end: string; limit: number }) => {
    for (const { id } of sqlite.query<{ id: number }, typeof params>(statement).all(params)) prefixIds.add(id);
  };
  collect(
    "SELECT id FROM accounts WHERE name COLLATE NOCASE >= $start AND name COLLATE NOCASE < $end ORDER BY name COLLATE NOCASE, id LIMIT $limit",
    range(query),
  );
  collect("SELECT id FROM accounts WHERE email >= $start AND email < $end LIMIT $limit", range(query.toLowerCase()));
  collect("SELECT id FROM accounts WHERE domain >= $start AND domain < $end LIMIT $limit", range(query.toLowerCase()));
  for (const spelling of new Set([query, query.toUpperCase()])) {
    collect("SELECT DISTINCT account_id AS id FROM orders WHERE order_number >= $start AND order_number < $end LIMIT $limit", range(spelling));
  }

  const prefixHits = hitsByName(sqlite, [...prefixIds]).slice(0, limit);
  if (prefixHits.length === limit) return prefixHits;
  const { indexed, queued } = accountIdsContaining(CONTAINS_FIELDS.headerSearch, containsText(query));
  const innerIds = db
    .all<{ id: number }>(sql`${indexed} UNION ${queued} LIMIT ${INNER_MATCH_CANDIDATES}`)
    .map(({ id }) => id)
    .filter((id) => !prefixIds.has(id));
  return [...prefixHits, ...hitsByName(sqlite, innerIds)].slice(0, limit);
}

function hitsByName(sqlite: CrmDatabase["$client"], ids: number[]): AccountSearchHit[] {
  if (ids.length === 0) return [];
  return sqlite
    .query<AccountSearchHit, [string]>(
      `SELECT id, name, domain, order_count AS orderCount FROM accounts
       WHERE id IN (SELECT value FROM json_each(?)) ORDER BY name COLLATE NOCASE, id`,
    )
    .all(JSON.stringify(ids));
}
