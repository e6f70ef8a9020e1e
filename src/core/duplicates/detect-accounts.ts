import type { Database } from "bun:sqlite";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { loadAllProfiles, loadProfiles } from "./account-profiles.ts";
import {
  accountsWithKey,
  ensureBlockingKeys,
  MAX_ACCOUNTS_PER_KEY,
  NAME_NEIGHBOURS,
  neighbours,
  refreshBlockingKeys,
  similarNeighbours,
  sortedNameKeys,
  SORTED_NAME_KEYS,
} from "./blocking-keys.ts";
import { detectAllDuplicates } from "./detect-all.ts";
import { matchAccounts, type MatchProfile } from "./match-rules.ts";
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

/** Looks up one account's candidates through the indexes and stores what the rules say of each. */
function redetect(sqlite: Database, account: MatchProfile): void {
  const stored = storedPairsOf(sqlite, account.id);
  const sharedEmails = accountsSharingEmails(sqlite, account.id, MAX_ACCOUNTS_PER_KEY);
  const candidateIds = new Set(sharedEmails.keys());
  for (const pair of stored.values()) if (!pair.dismissed) candidateIds.add(pair.accountId === account.id ? pair.otherAccountId : pair.accountId);
  const addUnlessCrowded = (ids: number[]) => {
    if (ids.length < MAX_ACCOUNTS_PER_KEY) for (const id of ids) candidateIds.add(id);
  };
  if (account.domain) addUnlessCrowded(accountsWithDomain(sqlite, account.domain, account.id, MAX_ACCOUNTS_PER_KEY));
  if (account.phoneKey) addUnlessCrowded(accountsWithKey(sqlite, "phone_key", account.phoneKey, account.id, MAX_ACCOUNTS_PER_KEY));
  const neighbourIds = new Set<number>();
  if (account.name) {
    const keys = sortedNameKeys(account.name);
    addUnlessCrowded(accountsWithKey(sqlite, "name_key", keys.name_key, account.id, MAX_ACCOUNTS_PER_KEY));
    for (const column of SORTED_NAME_KEYS) for (const id of neighbours(sqlite, column, keys[column], account.id, NAME_NEIGHBOURS)) neighbourIds.add(id);
  }

  const others = loadProfiles(sqlite, [...candidateIds, ...neighbourIds]);
  // Keys of accounts deleted without this connection hearing of it (another process's work is caught by ensureBlockingKeys).
  const vanished = [...neighbourIds].filter((id) => !others.has(id));
  if (vanished.length > 0) refreshBlockingKeys(sqlite, vanished, others);
  for (const id of neighbourIds) {
    const other = others.get(id);
    if (other && similarNeighbours(account, other)) candidateIds.add(id);
  }

  const matched: DetectedPair[] = [];
  for (const id of candidateIds) {
    const other = others.get(id);
    if (!other || stored.get(account.id, id)?.dismissed) continue;
    const match = matchAccounts(account, other, sharedEmails.get(id) ?? null);
    if (match) matched.push({ accountId: Math.min(account.id, id), otherAccountId: Math.max(account.id, id), match });
  }
  savePairs(sqlite, matched, stored);
}
