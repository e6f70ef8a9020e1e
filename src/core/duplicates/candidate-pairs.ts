/** A pair of accounts to put through the rules, lower id first, with an e-mail both use if one was found. */
export interface CandidatePair {
  accountId: number;
  otherAccountId: number;
  sharedEmail: string | null;
}

/** Candidate pairs gathered from every blocking key, each pair once. */
export class CandidatePairs {
  private readonly pairs = new PairMap<CandidatePair>();

  add(one: number, other: number, sharedEmail: string | null = null): void {
    if (one === other) return;
    const known = this.pairs.get(one, other);
    if (!known) this.pairs.set(one, other, { accountId: Math.min(one, other), otherAccountId: Math.max(one, other), sharedEmail });
    else if (known.sharedEmail === null) known.sharedEmail = sharedEmail;
  }

  /** Every pair within a group of accounts that share a key. */
  addGroup(accountIds: number[], sharedEmail: string | null = null): void {
    for (let i = 0; i < accountIds.length; i++) for (let j = i + 1; j < accountIds.length; j++) this.add(accountIds[i]!, accountIds[j]!, sharedEmail);
  }

  values(): Iterable<CandidatePair> {
    return this.pairs.values();
  }
}

/**
 * Values by unordered pair of account ids, keyed by one number: a full run handles a hundred thousand
 * pairs, and building texts or nested maps for their keys cost more than the rules themselves.
 */
export class PairMap<T> {
  private readonly byPair = new Map<number, T>();

  get(one: number, other: number): T | undefined {
    return this.byPair.get(pairNumber(one, other));
  }

  set(one: number, other: number, value: T): void {
    this.byPair.set(pairNumber(one, other), value);
  }

  values(): Iterable<T> {
    return this.byPair.values();
  }
}

/** Ids below 2^26 (67 million accounts) make pair numbers below 2^53, where every integer is exact. */
const MAX_ACCOUNT_ID = 2 ** 26;

function pairNumber(one: number, other: number): number {
  if (one >= MAX_ACCOUNT_ID || other >= MAX_ACCOUNT_ID) throw new RangeError(`Duplicate detection supports account ids below ${MAX_ACCOUNT_ID}`);
  return one < other ? one * MAX_ACCOUNT_ID + other : other * MAX_ACCOUNT_ID + one;
}
