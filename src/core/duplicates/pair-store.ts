import type { Database } from "bun:sqlite";
import { PairMap } from "./candidate-pairs.ts";
import type { PairMatch } from "./pair-evidence.ts";

// Raw statements, on detection's measured hot path (bench/duplicates.ts): built by drizzle, a one-account look-up costs ten times as much (0.36 against 0.04 ms).

/** A stored pair as detection needs it: what it said last time, and whether staff dismissed it. */
export interface StoredPair {
  accountId: number;
  otherAccountId: number;
  score: number;
  /** As stored: a JSON array. */
  reasons: string;
  dismissed: boolean;
}

export interface DetectedPair {
  accountId: number;
  otherAccountId: number;
  match: PairMatch;
}

/**
 * Stores what detection found, given the pairs stored before for the same accounts: matching pairs become
 * (or stay) open with their current score and reasons, keeping when they were first detected; open pairs
 * that no longer match are removed. Dismissed pairs are never touched, so a pair staff called "Not a
 * duplicate" is never flagged again. Unchanged pairs cost no write.
 */
export function savePairs(sqlite: Database, matched: DetectedPair[], stored: PairMap<StoredPair>): void {
  const now = Date.now();
  const upsert = sqlite.query<unknown, [number, number, number, string, number]>(
    `INSERT INTO duplicate_pairs (account_id, other_account_id, score, reasons, state, detected_at) VALUES (?, ?, ?, ?, 'open', ?)
     ON CONFLICT (account_id, other_account_id) DO UPDATE SET score = excluded.score, reasons = excluded.reasons WHERE duplicate_pairs.state = 'open'`,
  );
  const stillMatching = new PairMap<true>();
  for (const { accountId, otherAccountId, match } of matched) {
    stillMatching.set(accountId, otherAccountId, true);
    const before = stored.get(accountId, otherAccountId);
    const reasons = JSON.stringify(match.reasons);
    if (before && (before.dismissed || (before.score === match.score && before.reasons === reasons))) continue;
    upsert.run(accountId, otherAccountId, match.score, reasons, now);
  }
  const remove = sqlite.query<unknown, [number, number]>("DELETE FROM duplicate_pairs WHERE account_id = ? AND other_account_id = ? AND state = 'open'");
  for (const pair of stored.values()) {
    if (!pair.dismissed && !stillMatching.get(pair.accountId, pair.otherAccountId)) remove.run(pair.accountId, pair.otherAccountId);
  }
}

/** Every stored pair, open or dismissed. */
export function allStoredPairs(sqlite: Database): PairMap<StoredPair> {
  return toPairMap(sqlite.query<StoredPair, []>(PAIR_COLUMNS).all());
}

/** The stored pairs one account is part of. */
export function storedPairsOf(sqlite: Database, accountId: number): PairMap<StoredPair> {
  return toPairMap(sqlite.query<StoredPair, [number, number]>(`${PAIR_COLUMNS} WHERE account_id = ? UNION ALL ${PAIR_COLUMNS} WHERE other_account_id = ?`).all(accountId, accountId));
}

const PAIR_COLUMNS =
  "SELECT account_id AS accountId, other_account_id AS otherAccountId, score, reasons, state = 'dismissed' AS dismissed FROM duplicate_pairs";

function toPairMap(rows: StoredPair[]): PairMap<StoredPair> {
  const pairs = new PairMap<StoredPair>();
  for (const row of rows) pairs.set(row.accountId, row.otherAccountId, { ...row, dismissed: Boolean(row.dismissed) });
  return pairs;
}
