import type { Database } from "bun:sqlite";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { loadAllProfiles, loadProfiles } from "./account-profiles.ts";
import { accountsWithKey, BLOCKING_KEYS, blockingKeysOf, ensureBlockingKeys, MAX_ACCOUNTS_PER_KEY, refreshBlockingKeys } from "./blocking-keys.ts";
import { detectAllDuplicates, KIND_OF_KEY } from "./detect-all.ts";
import { weighEvidence, WIDELY_SHARED, worthPairingWhenWidelyShared, type MatchProfile, type SharedValueKind } from "./pair-evidence.ts";
import { savePairs, storedPairsOf, type DetectedPair } from "./pair-store.ts";
import { accountsSharingEmails, accountsWithDomain } from "./shared-keys.ts";

/** Past this many accounts at once (a large import), one full run costs less than looking each one up. */
export const FULL_RUN_ABOVE = 2000;

/**
 * Brings the duplicate pairs of these accounts up to date after they were created, edited, given a contact,
 * imported or merged: pairs involving them that match now are stored, open ones that no longer match are
 * removed, dismissed ones are left alone. Ids of deleted accounts are fine (their pairs went with them).
 * Joins the caller's transaction when there is one, so a rollback takes the pairs back too.
 */
export function detectDuplicatesForAccounts(db: CrmDatabase, accountIds: number[]): void {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  if (ids.length > FULL_RUN_ABOVE) {
    detectAllDuplicates(db);
    return;
  }
  const sqlite = db.$client;
  inTransaction(sqlite, () => {
    ensureBlockingKeys(sqlite, () => loadAllProfiles(sqlite).values());
    const profiles = loadProfiles(sqlite, ids);
    refreshBlockingKeys(sqlite, ids, profiles);
    for (const profile of profiles.values()) redetect(sqlite, profile);
  });
}

/** Looks up one account's candidates through the indexes and weighs the evidence of each. */
function redetect(sqlite: Database, account: MatchProfile): void {
  const stored = storedPairsOf(sqlite, account.id);
  const sharedEmails = accountsSharingEmails(sqlite, account.id, MAX_ACCOUNTS_PER_KEY);
  const candidateIds = new Set(sharedEmails.keys());
  for (const pair of stored.values()) if (!pair.dismissed) candidateIds.add(pair.accountId === account.id ? pair.otherAccountId : pair.accountId);
  // Every value a candidate shares with this account is one of this account's own: counting its sharers counts theirs.
  const sharers = new Map<SharedValueKind, number>();
  const addSharing = (kind: SharedValueKind, others: number[]) => {
    // At most MAX_ACCOUNTS_PER_KEY others were read: that many means more share it than are paired through it.
    sharers.set(kind, others.length + 1);
    const pairable = others.length < MAX_ACCOUNTS_PER_KEY && (others.length < WIDELY_SHARED || worthPairingWhenWidelyShared(kind));
    if (pairable) for (const id of others) candidateIds.add(id);
  };
  if (account.domain) addSharing("domain", accountsWithDomain(sqlite, account.domain, account.id, MAX_ACCOUNTS_PER_KEY));
  const keys = blockingKeysOf(account);
  for (const column of BLOCKING_KEYS) {
    const value = keys[column];
    if (value !== null) addSharing(KIND_OF_KEY[column], accountsWithKey(sqlite, column, value, account.id, MAX_ACCOUNTS_PER_KEY));
  }

  const others = loadProfiles(sqlite, candidateIds);
  const matched: DetectedPair[] = [];
  for (const id of candidateIds) {
    const other = others.get(id);
    if (!other || stored.get(account.id, id)?.dismissed) continue;
    const match = weighEvidence(account, other, sharedEmails.get(id) ?? null, (kind) => sharers.get(kind) ?? 2);
    if (match) matched.push({ accountId: Math.min(account.id, id), otherAccountId: Math.max(account.id, id), match });
  }
  savePairs(sqlite, matched, stored);
}
