import type { Database } from "bun:sqlite";
import { phoneDigitsSql } from "./accounts-containing.ts";
import { inTransaction } from "../database/transaction.ts";

/**
 * How many queued accounts one refresh re-indexes; more wait for the next one (or the background indexer).
 * About 0.07 ms each: a batch holds the server's thread some 35 ms.
 */
export const SEARCH_INDEX_BATCH = 500;

/**
 * Brings the trigram index account_search up to date for accounts queued by the triggers on accounts
 * and contacts, a batch at a time, in one transaction. Returns how many accounts are still queued.
 * Written as SQL: account_search is an FTS5 table and search_queue is fed by triggers, neither of which
 * drizzle's schema describes.
 */
export function refreshSearchIndex(sqlite: Database, batchSize = SEARCH_INDEX_BATCH): number {
  return inTransaction(sqlite, () => {
    const ids = JSON.stringify(
      sqlite.query<{ id: number }, [number]>("SELECT account_id AS id FROM search_queue ORDER BY account_id LIMIT ?").all(batchSize).map((row) => row.id),
    );
    sqlite.run("DELETE FROM account_search WHERE rowid IN (SELECT value FROM json_each(?))", [ids]);
    sqlite.run(INDEX_ACCOUNTS, [ids]);
    sqlite.run("DELETE FROM search_queue WHERE account_id IN (SELECT value FROM json_each(?))", [ids]);
    return countQueuedForSearch(sqlite);
  });
}

/** An account's row of the index: `phones` holds the digits of its own number and its contacts', each once. */
const INDEX_ACCOUNTS = `
  INSERT INTO account_search (rowid, name, domain, email, phones, contacts)
  SELECT a.id, a.name, coalesce(a.domain, ''), coalesce(a.email, ''),
         coalesce((SELECT group_concat(digits, ' ') FROM (SELECT ${phoneDigitsSql("a.phone")} AS digits
                                                         UNION SELECT ${phoneDigitsSql("c.phone")} FROM contacts c WHERE c.account_id = a.id)), ''),
         coalesce((SELECT group_concat(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, ''), ' ') FROM contacts c WHERE c.account_id = a.id), '')
  FROM accounts a WHERE a.id IN (SELECT value FROM json_each(?))`;

export function countQueuedForSearch(sqlite: Database): number {
  return sqlite.query<{ queued: number }, []>("SELECT count(*) AS queued FROM search_queue").get()!.queued;
}
