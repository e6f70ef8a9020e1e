import type { CrmDatabase } from "../database/open.ts";
import { escapeLike, ftsPhrase } from "../database/search-text.ts";
import { readUntilDataChanges } from "../database/read-cache.ts";

export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_RESULT_LIMIT = 10;
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
  return readUntilDataChanges(db.$client, `search:${query}`, () => findAccounts(db.$client, query));
}

function findAccounts(sqlite: CrmDatabase["$client"], query: string): AccountSearchHit[] {
  const limit = SEARCH_RESULT_LIMIT;
  const range = (start: string) => ({ start, end: `${start}\u{10FFFF}`, limit });

  const prefixIds = new Set<number>();
  const collect = (sql: string, params: { start: string; end: string; limit: number }) => {
    for (const { id } of sqlite.query<{ id: number }, typeof params>(sql).all(params)) prefixIds.add(id);
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
  const innerIds = sqlite
    .query<{ id: number }, { phrase: string; pattern: string; limit: number }>(
      `SELECT rowid AS id FROM account_search WHERE account_search MATCH $phrase
       UNION
       SELECT account_id FROM (${QUEUED_ACCOUNTS_CONTAINING})
       LIMIT $limit`,
    )
    .all({ phrase: ftsPhrase(query), pattern: `%${escapeLike(query)}%`, limit: INNER_MATCH_CANDIDATES })
    .map(({ id }) => id)
    .filter((id) => !prefixIds.has(id));
  return [...prefixHits, ...hitsByName(sqlite, innerIds)].slice(0, limit);
}

/**
 * Accounts the trigram index has not caught up with yet (a large import is indexed in the background),
 * matched by a scan of just those: the search never misses a change, however recent.
 */
const QUEUED_ACCOUNTS_CONTAINING = `
  SELECT q.account_id FROM search_queue q JOIN accounts a ON a.id = q.account_id
  WHERE a.name LIKE $pattern ESCAPE '\\' OR a.email LIKE $pattern ESCAPE '\\' OR a.domain LIKE $pattern ESCAPE '\\' OR a.phone LIKE $pattern ESCAPE '\\'
     OR EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = a.id
                AND (c.first_name || ' ' || c.last_name LIKE $pattern ESCAPE '\\' OR c.email LIKE $pattern ESCAPE '\\'))`;

function hitsByName(sqlite: CrmDatabase["$client"], ids: number[]): AccountSearchHit[] {
  if (ids.length === 0) return [];
  return sqlite
    .query<AccountSearchHit, [string]>(
      `SELECT id, name, domain, order_count AS orderCount FROM accounts
       WHERE id IN (SELECT value FROM json_each(?)) ORDER BY name COLLATE NOCASE, id`,
    )
    .all(JSON.stringify(ids));
}
