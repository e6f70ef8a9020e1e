import type { CrmDatabase } from "../database/open.ts";
import { escapeLike, ftsPhrase } from "../database/search-text.ts";

export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_RESULT_LIMIT = 10;

export interface AccountSearchHit {
  id: number;
  name: string;
  domain: string | null;
  orderCount: number;
}

/**
 * The header search: accounts whose name, domain, e-mail or phone, whose contacts' names or e-mails
 * (through the trigram index account_search), or whose order numbers (by prefix, through their index)
 * contain the text. Prefix matches rank before inner matches, then names alphabetically.
 */
export function searchAccounts(db: CrmDatabase, text: string): AccountSearchHit[] {
  const query = text.trim();
  if (query.length < MIN_SEARCH_LENGTH) return [];
  const prefix = `${escapeLike(query)}%`;
  return db.$client
    .query<AccountSearchHit, { phrase: string; prefix: string; upperQuery: string; query: string; limit: number }>(
      `WITH hits(account_id, rank) AS (
         SELECT s.rowid,
                CASE WHEN s.name LIKE $prefix ESCAPE '\\' OR s.email LIKE $prefix ESCAPE '\\' OR s.domain LIKE $prefix ESCAPE '\\'
                       OR s.phone LIKE $prefix ESCAPE '\\' THEN 0 ELSE 1 END
         FROM account_search s
         WHERE account_search MATCH $phrase
         UNION ALL
         SELECT o.account_id, 0 FROM orders o
         WHERE (o.order_number >= $query AND o.order_number < $query || char(1114111))
            OR (o.order_number >= $upperQuery AND o.order_number < $upperQuery || char(1114111))
       )
       SELECT a.id, a.name, a.domain, a.order_count AS orderCount
       FROM (SELECT account_id, min(rank) AS rank FROM hits GROUP BY account_id) best
       JOIN accounts a ON a.id = best.account_id
       ORDER BY best.rank, a.name COLLATE NOCASE, a.id
       LIMIT $limit`,
    )
    .all({ phrase: ftsPhrase(query), prefix, query, upperQuery: query.toUpperCase(), limit: SEARCH_RESULT_LIMIT });
}
