import { isFreeMailDomain } from "../accounts/free-mail.ts";
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
  const evidence: Evidence[] = [];
  const shared = (kind: SharedValueKind, value: string | null, other: string | null, points: number, describe: (value: string) => string) => {
    if (value === null || value !== other) return;
    const sharers = countSharers(kind, value);
    evidence.push(
      sharers > WIDELY_SHARED
        ? { points: Math.floor(points / 2), reason: `${describe(value)} (${sharedByText(sharers)})`, widelyShared: true }
        : { points, reason: describe(value), widelyShared: false },
    );
  };

  if (sharedEmail !== null) evidence.push({ points: Infinity, reason: `Shared e-mail ${sharedEmail}`, widelyShared: false });
  shared("domain", a.domain, b.domain, POINTS.domain, (domain) => `Same domain ${domain}`);
  shared("address", a.addressKey, b.addressKey, POINTS.address, (key) => `Same address ${formatAddressKey(key)}`);
  shared("phone", a.phoneKey, b.phoneKey, POINTS.phone, (key) => `Same phone ${formatPhoneKey(key)}`);
  // Two accounts named after their contacts: the names are the people, weighed as people's names are.
  const bothPeople = a.namedAfterPerson && b.namedAfterPerson;
  if (bothPeople && a.personKey === b.personKey) shared("person", a.personKey, b.personKey, POINTS.samePersonName, () => "Same person name");
  else if (a.name !== null && b.name !== null) {
    if (a.name.key === b.name.key) shared("name", a.name.key, b.name.key, POINTS.sameName, () => "Same name");
    else {
      const similarity = nameSimilarity(a.name, b.name);
      // Whole percent, rounded down, so that a near-miss never reads as 100%.
      const percent = Math.floor(similarity * 100 + 1e-9);
      if (similarity >= SIMILAR_NAME_THRESHOLD) evidence.push({ points: similarNamePoints(similarity), reason: `Similar names (${percent}%)`, widelyShared: false });
      else if (!bothPeople && relatedNames(a.name, b.name)) evidence.push({ points: POINTS.relatedName, reason: "Related names", widelyShared: false });
    }
  }
  if (!bothPeople) shared("person", a.personKey, b.personKey, POINTS.contactPerson, (key) => `Same contact person ${formatPersonKey(key)}`);

  const points = evidence.reduce((sum, piece) => sum + piece.points, 0);
  // Values a crowd shares go together (a partner's phone and its warehouse): they support evidence, never make it.
  if (points < FLAGGED_AT || evidence.every((piece) => piece.widelyShared)) return null;
  return { score: scoreFor(points), reasons: evidence.map((piece) => piece.reason) };
}

/** A value shared by more accounts than this counts half: it is a partner's, a warehouse's or a common name, not one customer's. */
export const WIDELY_SHARED = 4;

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
  reason: string;
  widelyShared: boolean;
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
