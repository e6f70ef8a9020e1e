/**
 * The part of a ship-to address that identifies the place: the street line and the postal code, read
 * the same however they were typed. 'Avenue' and 'Ave.', 'North' and 'N', case and punctuation agree,
 * and the suite, unit or floor is left out: the second line is ignored, and a unit inside the street line
 * ('120 Main St, Suite 200', '120 Main St #200') is dropped, so two orders of one office agree whichever
 * suite they name. Null without both a street line and a postal code, which leave the place unknown.
 */
export function shipToAddressKey(street: string | null | undefined, postalCode: string | null | undefined): string | null {
  const zip = postalKey(postalCode);
  if (zip === null || !street) return null;
  const words = street
    .toLowerCase()
    // 'P.O. Box' is 'po box'; dots join what they separate, as in names.
    .replace(/[.'’]/g, "")
    .replace(UNIT, " ")
    .match(/[a-z0-9]+/g);
  if (!words || words.length < 2) return null;
  return `${words.map((word) => STREET_WORDS[word] ?? word).join(" ")}|${zip}`;
}

/** An address key as staff read it in a duplicate's reasons: '120 Main St, 30303'. */
export function formatAddressKey(key: string): string {
  const [street = "", zip = ""] = key.split("|");
  return `${street.replace(/\b[a-z]/g, (letter) => letter.toUpperCase())}, ${zip}`;
}

/** A US ZIP's five digits ('30303-1234' is '30303'); other postal codes as their letters and digits. */
function postalKey(postalCode: string | null | undefined): string | null {
  if (!postalCode) return null;
  const zip = /^\s*(\d{5})(?:\s*-?\s*\d{4})?\s*$/.exec(postalCode);
  if (zip) return zip[1]!;
  const other = postalCode.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return other.length >= 3 ? other : null;
}

/** A unit designator and what follows it up to the next comma: 'Suite 200', 'Ste. B-2', 'Apt 4', '#12', 'Floor 3'. */
const UNIT = /(?:\b(?:suite|ste|unit|apt|apartment|room|rm|floor|fl|bldg|building)\b|#)\s*[a-z0-9-]*[^,]*/g;

/** USPS standard abbreviations for street suffixes and directions, and the spellings customers use for them. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  avenue: "ave", av: "ave", aven: "ave",
  street: "st", str: "st",
  road: "rd",
  boulevard: "blvd", boul: "blvd",
  drive: "dr", drv: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  parkway: "pkwy", pky: "pkwy",
  highway: "hwy",
  circle: "cir",
  terrace: "ter",
  square: "sq",
  trail: "trl",
  freeway: "fwy",
  expressway: "expy",
  turnpike: "tpke",
  north: "n", south: "s", east: "e", west: "w",
  northeast: "ne", northwest: "nw", southeast: "se", southwest: "sw",
  pobox: "po box",
};
