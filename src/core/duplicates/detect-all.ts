import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { loadAllProfiles } from "./account-profiles.ts";
import { BLOCKING_KEYS, MAX_ACCOUNTS_PER_KEY, rebuildBlockingKeys, sharedKeyValues, type BlockingKey, type SharedValue } from "./blocking-keys.ts";
import { CandidatePairs } from "./candidate-pairs.ts";
import { weighEvidence, WIDELY_SHARED, worthPairingWhenWidelyShared, type CountSharers, type SharedValueKind } from "./pair-evidence.ts";
import { allStoredPairs, savePairs, type DetectedPair } from "./pair-store.ts";
import { emailGroups, sharedDomains } from "./shared-keys.ts";

export interface DetectionSummary {
  /** Pairs the evidence flags now, dismissed ones not counted. */
  matchingPairs: number;
}

/**
 * Finds every duplicate pair among all accounts, in one transaction, without comparing every account with
 * every other: candidates are the accounts sharing a domain, e-mail, normalized name, phone, ship-to address
 * or contact person (grouped in SQL), and each candidate pair's evidence is weighed as a whole. Pairs already
 * stored are weighed again, and open ones no longer flagged are removed; dismissed pairs stay dismissed.
 */
export function detectAllDuplicates(db: CrmDatabase): DetectionSummary {
  const sqlite = db.$client;
  return inTransaction(sqlite, () => {
    const profiles = loadAllProfiles(sqlite);
    rebuildBlockingKeys(sqlite, profiles.values());

    const candidates = new CandidatePairs();
    const sharedValues = new Map<SharedValueKind, SharedValue[]>([["domain", sharedDomains(sqlite, MAX_ACCOUNTS_PER_KEY)]]);
    for (const column of BLOCKING_KEYS) sharedValues.set(KIND_OF_KEY[column], sharedKeyValues(sqlite, column, MAX_ACCOUNTS_PER_KEY));
    for (const [kind, values] of sharedValues) {
      for (const { accounts, accountIds } of values) if (accountIds && (accounts <= WIDELY_SHARED || worthPairingWhenWidelyShared(kind))) candidates.addGroup(accountIds);
    }
    for (const { email, accountIds } of emailGroups(sqlite, MAX_ACCOUNTS_PER_KEY)) candidates.addGroup(accountIds, email);
    const stored = allStoredPairs(sqlite);
    for (const pair of stored.values()) if (!pair.dismissed) candidates.add(pair.accountId, pair.otherAccountId);

    const countSharers = sharerCounts(sharedValues);
    const matched: DetectedPair[] = [];
    for (const { accountId, otherAccountId, sharedEmail } of candidates.values()) {
      if (stored.get(accountId, otherAccountId)?.dismissed) continue;
      const match = weighEvidence(profiles.get(accountId)!, profiles.get(otherAccountId)!, sharedEmail, countSharers);
      if (match) matched.push({ accountId, otherAccountId, match });
    }
    savePairs(sqlite, matched, stored);
    return { matchingPairs: matched.length };
  });
}

/** Which kind of evidence each blocking key holds. */
export const KIND_OF_KEY: Readonly<Record<BlockingKey, SharedValueKind>> = {
  name_key: "name",
  phone_key: "phone",
  address_key: "address",
  person_key: "person",
};

/** How many accounts share each value, from the full run's groups; a value two accounts share is in them. */
function sharerCounts(sharedValues: Map<SharedValueKind, SharedValue[]>): CountSharers {
  const counts = new Map<SharedValueKind, Map<string, number>>();
  for (const [kind, values] of sharedValues) counts.set(kind, new Map(values.map(({ value, accounts }) => [value, accounts])));
  return (kind, value) => counts.get(kind)?.get(value) ?? 2;
}
