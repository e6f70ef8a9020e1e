/** A pair of accounts to put through the rules, lower id first, with an e-mail both use if one was found. */
export interface CandidatePair {
  accountId: number;
  otherAccountId: number;
  sharedEmail: string | null;
}

/** Candidate pairs gathered from every blocking key, each pair once. */
export class CandidatePairs {
  private readonly pairs = new Map<string, CandidatePair>();

  add(one: number, other: number, sharedEmail: string | null = null): void {
    if (one === other) return;
    const key = pairKey(one, other);
    const known = this.pairs.get(key);
    if (!known) this.pairs.set(key, { accountId: Math.min(one, other), otherAccountId: Math.max(one, other), sharedEmail });
    else if (known.sharedEmail === null) known.sharedEmail = sharedEmail;
  }

  /** Every pair within a group of accounts that share a key. */
  addGroup(accountIds: number[], sharedEmail: string | null = null): void {
    for (let i = 0; i < accountIds.length; i++) for (let j = i + 1; j < accountIds.length; j++) this.add(accountIds[i]!, accountIds[j]!, sharedEmail);
  }

  values(): IterableIterator<CandidatePair> {
    return this.pairs.values();
  }
}

/** One text for a pair whichever way round it is named, for sets of pairs. */
export function pairKey(one: number, other: number): string {
  return one < other ? `${one}:${other}` : `${other}:${one}`;
}
