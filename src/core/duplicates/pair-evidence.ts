import { isFreeMailDomain } from "../account-basics/free-mail.ts";
import { formatAddressKey, shipToAddressKey } from "./address-key.ts";
import { normalizeCompanyName, type NormalizedName } from "./name-normalization.ts";
import { formatPersonKey, personNameKey } from "./person-key.ts";
import { formatPhoneKey, phoneKey } from "./phone-key.ts";
import { nameSimilarity, SIMILAR_NAME_THRESHOLD } from "./similarity.ts";
import { MAX_ACCOUNTS_PER_KEY } from "./blocking-keys.ts";

/** What the evidence compares of an account, worked out once per account rather than once per pair. */
export interface MatchProfile {
  id: number;
  /** The business's domain; null for none and for free mail, which anyone can have. */
  domain: string | null;
  name: NormalizedName | null;
  phoneKey: string | null;
  /** Where its latest order was shipped (see shipToAddressKey). */
  addressKey: string | null;
  /** Its primary contact's first and last name (see personNameKey). */
  personKey: string | null;
  /** Named after its contact, as individuals' accounts are: its name and its person are then one piece of evidence. */
  namedAfterPerson: boolean;
}

/** What an account is made of as the profiles are read from the database. */
export interface AccountFacts {
  id: number;
  name: string;
  domain: string | null;
  phone: string | null;
  /** The primary contact's full name. */
  contactName: string | null;
  shipToStreet: string | null;
  shipToPostalCode: string | null;
}

export function matchProfile(account: AccountFacts): MatchProfile {
  const personKey = personNameKey(account.contactName);
  return {
    id: account.id,
    domain: account.domain && !isFreeMailDomain(account.domain) ? account.domain : null,
    name: normalizeCompanyName(account.name),
    phoneKey: phoneKey(account.phone),
    addressKey: shipToAddressKey(account.shipToStreet, account.shipToPostalCode),
    personKey,
    namedAfterPerson: personKey !== null && personNameKey(account.name) === personKey,
  };
}

/** The kinds of evidence that are a value two accounts share, which many accounts may share at once. */
export type SharedValueKind = "domain" | "address" | "phone" | "name" | "person";

/** How many accounts have this value (at least the two of the pair): a value many share says little of any two. */
export type CountSharers = (kind: SharedValueKind, value: string) => number;

/** A pair's score (0-100, from all its evidence together) and each piece of evidence, in words for staff. */
export interface PairMatch {
  score: number;
  reasons: string[];
}

/**
 * Whether two accounts are probably one customer, weighing every piece of evidence rather than letting
 * any one weak sign decide. A shared e-mail is proof (score 100). Otherwise each shared value adds points
 * and the pair is flagged at FLAGGED_AT: strong evidence with a similar name is enough (the same business
 * domain or ship-to address), while a weak sign alone (a phone, an equal or similar name, a person's name)
 * needs a second, independent one. A value shared by more than WIDELY_SHARED accounts (a fulfilment
 * partner's phone, a reseller's warehouse, a common name) counts half, and such values never flag a pair
 * without something of the pair's own. Names with different numbers are
 * different branches and never pair. `sharedEmail` is an address both use, found through the e-mail indexes.
 */
export function weighEvidence(a: MatchProfile, b: MatchProfile, sharedEmail: string | null, countSharers: CountSharers): PairMatch | null {
  if (a.name !== null && b.name !== null && a.name.digits !== "" && b.name.digits !== "" && a.name.digits !== b.name.digits) return null;
  // Reasons are put in words only for the pairs flagged: a full run weighs hundreds of thousands of candidates.
  const shared = (kind: SharedValueKind, value: string | null, other: string | null, points: number, describe: (value: string) => string): Evidence | null => {
    if (value === null || value !== other) return null;
    const sharers = countSharers(kind, value);
    return sharers > WIDELY_SHARED
      ? { points: Math.floor(points / 2), widelyShared: true, reason: () => `${describe(value)} (${sharedByText(sharers)})` }
      : { points, widelyShared: false, reason: () => describe(value) };
  };

  const evidence = [
    sharedEmail === null ? null : { points: Infinity, widelyShared: false, reason: () => `Shared e-mail ${sharedEmail}` },
    shared("domain", a.domain, b.domain, POINTS.domain, (domain) => `Same domain ${domain}`),
    shared("address", a.addressKey, b.addressKey, POINTS.address, (key) => `Same address ${formatAddressKey(key)}`),
    shared("phone", a.phoneKey, b.phoneKey, POINTS.phone, (key) => `Same phone ${formatPhoneKey(key)}`),
  ].filter((piece) => piece !== null);
  // Two accounts named after their contacts: the names are the people, weighed as people's names are.
  const bothPeople = a.namedAfterPerson && b.namedAfterPerson;
  const person = bothPeople
    ? shared("person", a.personKey, b.personKey, POINTS.samePersonName, () => "Same person name")
    : shared("person", a.personKey, b.personKey, POINTS.contactPerson, (key) => `Same contact person ${formatPersonKey(key)}`);
  const pointsBesideNames = pointsOf(evidence) + (person?.points ?? 0);
  // Names are compared only when they could tip the balance: the letter-pair measure is the costly part.
  const name = (bothPeople && person) || pointsBesideNames + POINTS.sameName < FLAGGED_AT ? null : nameEvidence(a.name, b.name, bothPeople, shared);
  if (name) evidence.push(name);
  if (person) evidence.push(person);

  const points = pointsOf(evidence);
  // Values a crowd shares go together (a partner's phone and its warehouse): they support evidence, never make it.
  if (points < FLAGGED_AT || evidence.every((piece) => piece.widelyShared)) return null;
  return { score: scoreFor(points), reasons: evidence.map((piece) => piece.reason()) };
}

/** Equal, similar or related names, whichever holds first. */
function nameEvidence(
  a: NormalizedName | null,
  b: NormalizedName | null,
  bothPeople: boolean,
  shared: (kind: SharedValueKind, value: string | null, other: string | null, points: number, describe: () => string) => Evidence | null,
): Evidence | null {
  if (a === null || b === null) return null;
  if (a.key === b.key) return shared("name", a.key, b.key, POINTS.sameName, () => "Same name");
  const similarity = nameSimilarity(a, b);
  if (similarity >= SIMILAR_NAME_THRESHOLD) {
    // Whole percent, rounded down, so that a near-miss never reads as 100%.
    return { points: similarNamePoints(similarity), widelyShared: false, reason: () => `Similar names (${Math.floor(similarity * 100 + 1e-9)}%)` };
  }
  return !bothPeople && relatedNames(a, b) ? { points: POINTS.relatedName, widelyShared: false, reason: () => "Related names" } : null;
}

function pointsOf(evidence: readonly Evidence[]): number {
  let points = 0;
  for (const piece of evidence) points += piece.points;
  return points;
}

/** A value shared by more accounts than this counts half: it is a partner's, a warehouse's or a common name, not one customer's. */
export const WIDELY_SHARED = 4;

/**
 * The accounts sharing a value widely are worth pairing up as candidates only for the kinds whose half
 * points, with the one evidence that has no blocking key of its own (a similar name), can flag a pair. A
 * common name or person can't: pairs flagged on one are found through their other evidence anyway.
 */
export function worthPairingWhenWidelyShared(kind: SharedValueKind): boolean {
  return kind !== "name" && kind !== "person";
}

/** Enough points to flag a pair: strong evidence with a similar name, or two independent weak signs. */
export const FLAGGED_AT = 50;

/**
 * What each piece of evidence is worth. A business domain or ship-to address is strong, a phone a little
 * weaker in truth but as rare; names are weak, a person's name weaker still, as namesakes are common.
 */
const POINTS = {
  domain: 40,
  address: 40,
  phone: 40,
  sameName: 35,
  samePersonName: 25,
  contactPerson: 25,
  /** Similar names earn from this at the threshold up to sameName at 100%. */
  similarName: 30,
  relatedName: 15,
} as const;

interface Evidence {
  points: number;
  widelyShared: boolean;
  reason(): string;
}

function similarNamePoints(similarity: number): number {
  return Math.round(POINTS.similarName + ((POINTS.sameName - POINTS.similarName) * (similarity - SIMILAR_NAME_THRESHOLD)) / (1 - SIMILAR_NAME_THRESHOLD));
}

/**
 * One name is the other with words added ('Acme Labs' and 'Acme Labs Billing', 'Riverside Recovery' and
 * 'Riverside Recovery Center'): a sign when another holds (the same domain or address), nothing alone.
 */
function relatedNames(a: NormalizedName, b: NormalizedName): boolean {
  const [shorter, longer] = a.tokens.length <= b.tokens.length ? [a, b] : [b, a];
  if (shorter.tokens.length === longer.tokens.length) return false;
  const rest = [...longer.tokens];
  for (const word of shorter.tokens) {
    const at = rest.indexOf(word);
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return true;
}

/**
 * Points to a 0-100 score that grows with the evidence but never reaches 100, which only a shared
 * e-mail gives: the flagging threshold reads about 67%, a domain and the same name about 81%.
 */
function scoreFor(points: number): number {
  if (points === Infinity) return 100;
  return Math.min(99, Math.round(100 * (1 - Math.exp(-points / 45))));
}

/** Past MAX_ACCOUNTS_PER_KEY, detection does not count the sharers exactly, so neither do the reasons. */
function sharedByText(sharers: number): string {
  return sharers > MAX_ACCOUNTS_PER_KEY ? `shared by more than ${MAX_ACCOUNTS_PER_KEY} accounts` : `shared by ${sharers} accounts`;
}
