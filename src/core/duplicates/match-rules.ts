import { isFreeMailDomain } from "../accounts/free-mail.ts";
import { normalizeCompanyName, type NormalizedName } from "./name-normalization.ts";
import { formatPhoneKey, phoneKey } from "./phone-key.ts";
import { nameSimilarity, SIMILAR_NAME_THRESHOLD } from "./similarity.ts";

/** What the rules compare of an account, worked out once per account rather than once per pair. */
export interface MatchProfile {
  id: number;
  /** The business's domain; null for none and for free mail, which anyone can have. */
  domain: string | null;
  name: NormalizedName | null;
  phoneKey: string | null;
}

/** A pair's score (0-100, that of its strongest rule) and the rules that matched, in words for staff. */
export interface PairMatch {
  score: number;
  reasons: string[];
}

/**
 * Whether two accounts may be one customer. `sharedEmail` is an address both use (their own or a
 * contact's), found by the caller through the e-mail indexes; the other rules compare the profiles.
 */
export function matchAccounts(a: MatchProfile, b: MatchProfile, sharedEmail: string | null): PairMatch | null {
  const matches: { score: number; reason: string }[] = [];
  if (a.domain !== null && a.domain === b.domain) matches.push({ score: 100, reason: `Same domain ${a.domain}` });
  if (sharedEmail !== null) matches.push({ score: 100, reason: `Shared e-mail ${sharedEmail}` });
  if (a.phoneKey !== null && a.phoneKey === b.phoneKey) matches.push({ score: 100, reason: `Same phone ${formatPhoneKey(a.phoneKey)}` });
  if (a.name !== null && b.name !== null) {
    if (a.name.key === b.name.key) matches.push({ score: 100, reason: "Same name" });
    else {
      const similarity = nameSimilarity(a.name, b.name);
      // Whole percent, rounded down, so that a near-miss never reads as 100%.
      const percent = Math.floor(similarity * 100 + 1e-9);
      if (similarity >= SIMILAR_NAME_THRESHOLD) matches.push({ score: percent, reason: `Similar names (${percent}%)` });
    }
  }
  if (matches.length === 0) return null;
  return { score: Math.max(...matches.map((match) => match.score)), reasons: matches.map((match) => match.reason) };
}

export function matchProfile(account: { id: number; name: string; domain: string | null; phone: string | null }): MatchProfile {
  return {
    id: account.id,
    domain: account.domain && !isFreeMailDomain(account.domain) ? account.domain : null,
    name: normalizeCompanyName(account.name),
    phoneKey: phoneKey(account.phone),
  };
}
