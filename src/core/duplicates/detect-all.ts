import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { loadAllProfiles } from "./account-profiles.ts";
import { accountsInKeyOrder, keyGroups, MAX_ACCOUNTS_PER_KEY, NAME_NEIGHBOURS, rebuildBlockingKeys, similarNeighbours, SORTED_NAME_KEYS } from "./blocking-keys.ts";
import { CandidatePairs } from "./candidate-pairs.ts";
import { matchAccounts, type MatchProfile } from "./match-rules.ts";
import { allStoredPairs, savePairs, type DetectedPair } from "./pair-store.ts";
import { domainGroups, emailGroups } from "./shared-keys.ts";

export interface DetectionSummary {
  /** Pairs that match the rules now, dismissed ones not counted. */
  matchingPairs: number;
}

/**
 * Finds every duplicate pair among all accounts, in one transaction, without comparing every account with
 * every other: candidates come from accounts sharing a domain, normalized name, phone key or e-mail (grouped
 * in SQL) and from neighbours in the sorted name keys, whose names alone are compared. Pairs already stored
 * are checked again, and open ones that no longer match are removed; dismissed pairs stay dismissed.
 */
export function detectAllDuplicates(db: CrmDatabase): DetectionSummary {
  const sqlite = db.$client;
  return inTransaction(sqlite, () => {
    const profiles = loadAllProfiles(sqlite);
    rebuildBlockingKeys(sqlite, profiles.values());

    const candidates = new CandidatePairs();
    for (const group of domainGroups(sqlite, MAX_ACCOUNTS_PER_KEY)) candidates.addGroup(group);
    for (const group of keyGroups(sqlite, "name_key", MAX_ACCOUNTS_PER_KEY)) candidates.addGroup(group);
    for (const group of keyGroups(sqlite, "phone_key", MAX_ACCOUNTS_PER_KEY)) candidates.addGroup(group);
    for (const { email, accountIds } of emailGroups(sqlite, MAX_ACCOUNTS_PER_KEY)) candidates.addGroup(accountIds, email);
    for (const column of SORTED_NAME_KEYS) addSimilarNeighbours(candidates, accountsInKeyOrder(sqlite, column), profiles);
    const stored = allStoredPairs(sqlite);
    for (const pair of stored.values()) if (!pair.dismissed) candidates.add(pair.accountId, pair.otherAccountId);

    const matched: DetectedPair[] = [];
    for (const { accountId, otherAccountId, sharedEmail } of candidates.values()) {
      if (stored.get(accountId, otherAccountId)?.dismissed) continue;
      const match = matchAccounts(profiles.get(accountId)!, profiles.get(otherAccountId)!, sharedEmail);
      if (match) matched.push({ accountId, otherAccountId, match });
    }
    savePairs(sqlite, matched, stored);
    return { matchingPairs: matched.length };
  });
}

/** Slides a window of NAME_NEIGHBOURS accounts down one sorted key, comparing the names inside it. */
function addSimilarNeighbours(candidates: CandidatePairs, orderedIds: number[], profiles: Map<number, MatchProfile>): void {
  const ordered = orderedIds.map((id) => profiles.get(id)!);
  for (let i = 0; i < ordered.length; i++) {
    const account = ordered[i]!;
    for (let j = i + 1; j <= i + NAME_NEIGHBOURS && j < ordered.length; j++) {
      const neighbour = ordered[j]!;
      // The keys start with the name's digits: past the first name with other digits, all have other digits.
      if (neighbour.name!.digits !== account.name!.digits) break;
      if (similarNeighbours(account, neighbour)) candidates.add(account.id, neighbour.id);
    }
  }
}
