import type { NormalizedName } from "./name-normalization.ts";

/** Names at least this similar are flagged. */
export const SIMILAR_NAME_THRESHOLD = 0.85;

/**
 * How alike two normalized names are, from 0 to 1: the Sørensen–Dice coefficient of their letter pairs
 * (bigrams, counted with repeats). Chosen over Jaro-Winkler, whose bonus for a shared beginning scores
 * 'Riverside Recovery Center' and 'Riverside Recovery Clinic' as near-identical, and over edit distance,
 * which punishes reordered words ('Lab Riverside'). A typo costs two of the pairs, so its weight shrinks
 * as the name grows. Names with different numbers are different businesses (branches, store numbers),
 * however alike their letters: they score 0.
 */
export function nameSimilarity(a: NormalizedName, b: NormalizedName): number {
  if (a.digits !== b.digits) return 0;
  if (a.key === b.key) return 1;
  return diceCoefficient(a.bigrams, b.bigrams);
}

/** 2·|shared| / (|a| + |b|) over two sorted bigram profiles; 0 when either is empty. */
export function diceCoefficient(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return (2 * shared) / (a.length + b.length);
}

/** A key's letter pairs as sorted numbers, so that two names compare in one merge pass. */
export function bigramProfile(key: string): Uint32Array {
  const pairs = new Uint32Array(Math.max(0, key.length - 1));
  for (let i = 0; i < pairs.length; i++) pairs[i] = key.charCodeAt(i) * 65536 + key.charCodeAt(i + 1);
  return pairs.sort();
}
