import type { NormalizedName } from "./name-normalization.ts";

/** Names at least this similar count as similar, one piece of evidence that two accounts are one customer. */
export const SIMILAR_NAME_THRESHOLD = 0.85;

/**
 * How alike two normalized names are, from 0 to 1: the Sørensen–Dice coefficient of their letter pairs
 * (bigrams, counted with repeats). Chosen over Jaro-Winkler, whose bonus for a shared beginning scores
 * 'Riverside Recovery Center' and 'Riverside Recovery Clinic' as near-identical, and over edit distance,
 * which punishes reordered words ('Lab Riverside'). A typo costs two of the pairs, so its weight shrinks
 * as the name grows. Letters alone are not enough, though: names with different numbers (branches, store
 * numbers) or a different distinguishing word ('Oak Ridge' and 'Blue Ridge', 'Fairview' and 'Parkview')
 * are different businesses however many letters they share, and score 0.
 */
export function nameSimilarity(a: NormalizedName, b: NormalizedName): number {
  if (a.digits !== b.digits) return 0;
  if (a.key === b.key) return 1;
  if (differInAWord(a.tokens, b.tokens)) return 0;
  a.bigrams ??= bigramProfile(a.key);
  b.bigrams ??= bigramProfile(b.key);
  return diceCoefficient(a.bigrams, b.bigrams);
}

/**
 * Whether one name has a word the other lacks that is not a typo of one of its words: 'Oak Ridge Academy'
 * and 'Blue Ridge Academy' differ in a word, 'Riverside Recovry' and 'Riverside Recovery' only in a typo.
 * A missing generic word ('Center', 'Services') is no difference; a word split in two or run together
 * ('Lake View', 'Lakeview') neither.
 */
export function differInAWord(a: readonly string[], b: readonly string[]): boolean {
  const onlyInA = withoutShared(a, b);
  const onlyInB = withoutShared(b, a);
  if (onlyInA.join("") === onlyInB.join("")) return false;
  const unmatched = [...onlyInB];
  for (const word of onlyInA) {
    const typo = unmatched.findIndex((other) => isTypoOf(word, other));
    if (typo >= 0) unmatched.splice(typo, 1);
    else if (!GENERIC_WORDS.has(word)) return true;
  }
  return unmatched.some((word) => !GENERIC_WORDS.has(word));
}

/** The words of `words` that `others` does not have, each occurrence counted once. */
function withoutShared(words: readonly string[], others: readonly string[]): string[] {
  const left = [...others];
  return words.filter((word) => {
    const at = left.indexOf(word);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * One wrong, missing, extra or swapped letter, in words of four letters or more: shorter words change
 * meaning with one letter ('Oak' and 'Oat'), longer ones that differ in two are other words ('North'
 * and 'South').
 */
function isTypoOf(a: string, b: string): boolean {
  if (Math.max(a.length, b.length) < 4 || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  // What is left after the shared beginning and end: one letter on one side or both, or two letters swapped.
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

/** Words that describe what kind of place a business is rather than which one; leaving one out names the same business. */
const GENERIC_WORDS: ReadonlySet<string> = new Set([
  "center", "services", "service", "group", "associates", "department", "office", "offices", "and", "of", "the",
  "inc", "llc", "company", "co", "corp", "corporation", "ltd", "pllc", "pc", "pa",
]);

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
