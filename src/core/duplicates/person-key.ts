/**
 * A person's name reduced to first and last name, read the same however it was typed: 'Dr. Jane A. Smith',
 * 'JANE SMITH' and 'Jane "JJ" Smith, MD' are all 'jane smith'. Titles, suffixes, nicknames in quotes and
 * middle names or initials are left out. Null for fewer than two names, which do not tell people apart.
 */
export function personNameKey(fullName: string | null | undefined): string | null {
  if (!fullName) return null;
  const folded = NON_ASCII.test(fullName) ? fullName.normalize("NFKD").replace(/\p{M}+/gu, "") : fullName;
  const words = (
    folded
      .toLowerCase()
      .replace(/["“”(][^"“”)]*["“”)]/g, " ")
      .replace(/[.'’]/g, "")
      .match(/[a-z]+/g) ?? []
  ).filter((word) => !SUFFIXES.has(word));
  while (words.length > 1 && TITLES.has(words[0]!)) words.shift();
  const names = words.filter((word, index) => word.length > 1 || index === 0 || index === words.length - 1);
  if (names.length < 2) return null;
  return `${names[0]} ${names[names.length - 1]}`;
}

/** A person key as staff read it: 'Jane Smith'. */
export function formatPersonKey(key: string): string {
  return key.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

const NON_ASCII = /[^\x00-\x7f]/;
const TITLES: ReadonlySet<string> = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "rev"]);
const SUFFIXES: ReadonlySet<string> = new Set(["jr", "sr", "ii", "iii", "iv", "phd", "md", "dds", "rn", "np", "esq", "cpa"]);
