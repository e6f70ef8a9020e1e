import type { Database } from "bun:sqlite";
import type { PairMatch } from "./match-rules.ts";

/** A stored pair as detection needs it: which accounts, and whether staff dismissed it. */
export interface StoredPair {
  accountId: number;
  otherAccountId: number;
  dismissed: boolean;
}

export interface DetectedPair {
  accountId: number;
  otherAccountId: number;
  match: PairMatch;
}

/**
 * Stores what detection found: matching pairs become (or stay) open with their current score and reasons,
 * keeping when they were first detected; open pairs that no longer match are removed. Dismissed pairs are
 * never touched, so a pair staff called "Not a duplicate" is never flagged again.
 */
export function savePairs(sqlite: Database, matched: DetectedPair[], noLongerMatching: StoredPair[]): void {
  const now = Date.now();
  const upsert = sqlite.query<unknown, [number, number, number, string, number]>(
    `INSERT INTO duplicate_pairs (account_id, other_account_id, score, reasons, state, detected_at) VALUES (?, ?, ?, ?, 'open', ?)
     ON CONFLICT (account_id, other_account_id) DO UPDATE SET score = excluded.score, reasons = excluded.reasons
     WHERE duplicate_pairs.state = 'open' AND (duplicate_pairs.score != excluded.score OR duplicate_pairs.reasons != excluded.reasons)`,
  );
  for (const { accountId, otherAccountId, match } of matched) upsert.run(accountId, otherAccountId, match.score, JSON.stringify(match.reasons), now);
  const remove = sqlite.query<unknown, [number, number]>("DELETE FROM duplicate_pairs WHERE account_id = ? AND other_account_id = ? AND state = 'open'");
  for (const pair of noLongerMatching) remove.run(pair.accountId, pair.otherAccountId);
}

/** Every stored pair, open or dismissed. */
export function allStoredPairs(sqlite: Database): StoredPair[] {
  return sqlite.query<StoredPair, []>(PAIR_COLUMNS).all().map(toStoredPair);
}

/** The stored pairs one account is part of. */
export function storedPairsOf(sqlite: Database, accountId: number): StoredPair[] {
  return sqlite
    .query<StoredPair, [number, number]>(`${PAIR_COLUMNS} WHERE account_id = ? UNION ALL ${PAIR_COLUMNS} WHERE other_account_id = ?`)
    .all(accountId, accountId)
    .map(toStoredPair);
}

const PAIR_COLUMNS = "SELECT account_id AS accountId, other_account_id AS otherAccountId, state = 'dismissed' AS dismissed FROM duplicate_pairs";

function toStoredPair(row: StoredPair): StoredPair {
  return { accountId: row.accountId, otherAccountId: row.otherAccountId, dismissed: Boolean(row.dismissed) };
}
