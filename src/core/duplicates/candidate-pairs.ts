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
    const [accountId, otherAccountId] = one < other ? [one, other] : [other, one];
    const key = `${accountId}:${otherAccountId}`;
    const known = this.pairs.get(key);
    if (!known) this.pairs.set(key, { accountId, otherAccountId, sharedEmail });
    else if (known.sharedEmail === null) known.sharedEmail = sharedEmail;
  }

  /** Every pair within a group of accounts that share a key. */
  addGroup(accountIds: number[], sharedEmail: string | null = null): void {
    for (let i = 0; i < accountIds.length; i++) for (let j = i + 1; j < accountIds.length; j++) this.add(accountIds[i]!, accountIds[j]!, sharedEmail);
  }

  has(one: number, other: number): boolean {
    return this.pairs.has(one < other ? `${one}:${other}` : `${other}:${one}`);
  }

  values(): IterableIterator<CandidatePair> {
    return this.pairs.values();
  }
}
