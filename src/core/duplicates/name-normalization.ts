/** A company name reduced to what tells one business from another. */
export interface NormalizedName {
  /** The words run together: equal keys are the same name whatever the case, punctuation, spacing or legal form. */
  key: string;
  /** The words, for comparing names whose words come in another order. */
  tokens: string[];
  /** Every digit of the name in order ('' for none). Numbers tell branches apart ('Store 12', 'Store 13'). */
  digits: string;
  /**
   * The key's letter pairs, sorted, for the similarity measure: worked out on first use, as a full run
   * normalizes every account's name but compares only the few that share a blocking key.
   */
  bigrams?: Uint32Array;
}

/**
 * Lower-cases, drops accents and punctuation, reads '&' as 'and', spells out common abbreviations ('Ctr', 'Svcs'), and ignores a leading 'The' and trailing
 * legal forms ('Acme Co., Inc.' → 'acme'). Null when nothing is left, and for a name that is an e-mail
 * address: orders without a company or person are named after the address, which says nothing about
 * the business beyond what the e-mail rule already compares.
 */
export function normalizeCompanyName(name: string): NormalizedName | null {
  const trimmed = name.trim();
  if (trimmed.includes("@") && EMAIL_LIKE.test(trimmed)) return null;
  // Most names are plain ASCII, which skips the Unicode work: a full run normalizes every account's name.
  const ascii = !NON_ASCII.test(trimmed);
  const folded = ascii ? trimmed.toLowerCase() : trimmed.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  const tokens = (
    folded
      .replaceAll("&", " and ")
      // Dots and apostrophes join what they separate: 'L.L.C.' is 'llc', "O'Brien" is 'obrien'.
      .replace(/[.'’`]/g, "")
      .match(ascii ? ASCII_WORD : UNICODE_WORD) ?? []
  ).map((token) => SPELLED_OUT[token] ?? token);
  if (tokens.length > 1 && tokens[0] === "the") tokens.shift();
  let droppedLegalForm = false;
  while (tokens.length > 1 && LEGAL_FORMS.has(tokens[tokens.length - 1]!)) {
    tokens.pop();
    droppedLegalForm = true;
  }
  // 'Smith & Co' and 'Smith and Company' are 'Smith'.
  if (droppedLegalForm && tokens.length > 1 && tokens[tokens.length - 1] === "and") tokens.pop();
  if (tokens.length === 0) return null;
  const key = tokens.join("");
  return { key, tokens, digits: key.replace(/\D/g, "") };
}

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORD = /[a-z0-9]+/g;
const UNICODE_WORD = /[\p{L}\p{N}]+/gu;

/** Legal forms of US (and a few British) businesses, as they read once dots are gone. */
const LEGAL_FORMS: ReadonlySet<string> = new Set([
  "llc", "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited",
  "pllc", "plc", "pc", "pa", "llp", "lllp", "lp",
]);

/** Abbreviations customers type in company names, spelled out so that 'Riverside Med Ctr' is 'Riverside Medical Center'. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ctr: "center", cntr: "center", centre: "center",
  svc: "services", svcs: "services", srvcs: "services",
  assoc: "associates", assocs: "associates",
  dept: "department",
  mgmt: "management",
  med: "medical",
  hosp: "hospital",
  lab: "laboratory", labs: "laboratories",
  mfg: "manufacturing",
  intl: "international",
  natl: "national",
  bros: "brothers",
  mt: "mount",
  ft: "fort",
};
