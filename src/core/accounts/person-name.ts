/**
 * Splits a full name for a contact record: the last word is the last name and the words before it the first name
 * ('Mary Ann Smith' → 'Mary Ann' / 'Smith'). A leading title is dropped ('Dr. Jane Roe' → 'Jane' / 'Roe') and a
 * generational or degree suffix stays with the last name ('John Smith, Jr.' → 'John' / 'Smith Jr.').
 * A single word is a first name, unless a title came before it ('Mr. Smith' → '' / 'Smith').
 */
export function splitPersonName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName
    .split(/\s+/)
    .map((word) => word.replace(/,+$/, ""))
    .filter((word) => word !== "");
  let titled = false;
  while (words.length > 1 && TITLES.has(bareWord(words[0]!))) {
    words.shift();
    titled = true;
  }
  const suffixes: string[] = [];
  while (words.length > 2 && SUFFIXES.has(bareWord(words[words.length - 1]!))) suffixes.unshift(words.pop()!);

  if (words.length === 0) return { firstName: "", lastName: "" };
  if (words.length === 1) return titled ? { firstName: "", lastName: words[0]! } : { firstName: words[0]!, lastName: "" };
  const lastName = [words.pop()!, ...suffixes].join(" ");
  return { firstName: words.join(" "), lastName };
}

/** The word lower-cased without dots, so 'Dr.', 'DR' and 'Ph.D.' compare as 'dr' and 'phd'. */
function bareWord(word: string): string {
  return word.toLowerCase().replaceAll(".", "");
}

const TITLES: ReadonlySet<string> = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "rev"]);
const SUFFIXES: ReadonlySet<string> = new Set(["jr", "sr", "ii", "iii", "iv", "phd", "md", "dds", "esq", "cpa"]);
