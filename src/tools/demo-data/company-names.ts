import type { CustomerKind } from "./customer-profiles.ts";
import { LAST_NAMES } from "./person-names.ts";
import type { SeededRandom } from "./random.ts";
import type { UsCity } from "./us-places.ts";

export type OrganizationKind = Exclude<CustomerKind, "individual">;

/** A believable name for an organization of that kind in that city, e.g. "Lakeview Toxicology Lab LLC". */
export function nameOrganization(kind: OrganizationKind, city: UsCity, random: SeededRandom): string {
  const words: NameWords = {
    place: () => (random.chance(0.2) ? city.city : random.pick(PLACE_WORDS)),
    hope: () => random.pick(HOPE_WORDS),
    surname: () => LAST_NAMES.pick(random),
    county: () => `${city.county} County`,
    city: () => city.city,
  };
  const base = random.pick(NAME_PATTERNS[kind])(words);
  return base + random.pick(LEGAL_SUFFIXES[kind]);
}

/**
 * The organization's name typed again by someone else or on another day: with a typo, another legal form
 * ('LLC' for ', LLC', 'Inc.' added or left off), 'and' for '&', or in capitals or lower case.
 */
export function retypeOrganizationName(name: string, kind: OrganizationKind, random: SeededRandom): string {
  // A department after the name ('Acme Trucking - Human Resources') stays as it was.
  const departmentAt = name.indexOf(" - ");
  const [organization, department] = departmentAt < 0 ? [name, ""] : [name.slice(0, departmentAt), name.slice(departmentAt)];
  const applicable = NAME_RETYPINGS.map((retype) => retype(organization, kind, random)).filter((retyped) => retyped !== undefined && retyped !== organization);
  return random.pick(applicable) + department;
}

type NameRetyping = (organization: string, kind: OrganizationKind, random: SeededRandom) => string | undefined;

const NAME_RETYPINGS: readonly NameRetyping[] = [
  // A typo in one of the longer words: a letter left out, doubled, or swapped with the next.
  (organization, _kind, random) => {
    const words = organization.split(" ");
    const longWords = words.flatMap((word, index) => (/^[A-Za-z]{5,}$/.test(word) ? [index] : []));
    if (longWords.length === 0) return undefined;
    const index = random.pick(longWords);
    const word = words[index]!;
    const at = random.integer(1, word.length - 2);
    words[index] = random.pick([
      word.slice(0, at) + word.slice(at + 1),
      word.slice(0, at + 1) + word.slice(at),
      word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
    ]);
    return words.join(" ");
  },
  // Another legal form, or none.
  (organization, kind, random) => {
    const legalSuffix = LEGAL_SUFFIX.exec(organization)?.[0] ?? "";
    const others = LEGAL_SUFFIXES[kind].filter((suffix) => suffix !== legalSuffix);
    return others.length === 0 ? undefined : organization.slice(0, organization.length - legalSuffix.length) + random.pick(others);
  },
  (organization) => (organization.includes(" & ") ? organization.replace(" & ", " and ") : undefined),
  (organization) => (organization.startsWith("The ") ? organization.slice(4) : undefined),
  (organization) => organization.toUpperCase(),
  (organization) => organization.toLowerCase(),
];

/** Any of the legal suffixes below, as it ends a name. */
const LEGAL_SUFFIX = /,? (?:P?LLC|P\.A\.|PC|Inc\.?|Co\.)$/;

interface NameWords {
  place(): string;
  hope(): string;
  surname(): string;
  county(): string;
  city(): string;
}

type NamePattern = (words: NameWords) => string;

const PLACE_WORDS: readonly string[] = [
  "Riverside", "Summit", "Lakeview", "Northside", "Southside", "Westside", "Cedar Ridge", "Oak Ridge", "Pinecrest", "Harbor",
  "Valley", "Meadowbrook", "Bayview", "Sunrise", "Clearwater", "Stonebridge", "Maplewood", "Willow Creek", "Highland", "Prairie",
  "Coastal", "Evergreen", "Liberty", "Heritage", "Gateway", "Blue Ridge", "Silver Lake", "Red Rock", "Greenfield", "Fairview",
  "Brookside", "Hillcrest", "Parkview", "Westgate", "Lakeshore", "Ironwood", "Granite", "Keystone", "Pioneer", "Frontier",
  "Magnolia", "Palmetto", "Sierra", "Cascade", "Canyon", "Tri-County", "Metro", "Capital", "Mid-South", "Great Lakes",
  "Pacific", "Atlantic", "Gulf Coast", "Bluegrass", "Lone Star", "Sunbelt", "Heartland", "Crestview", "Foothills", "Bay Area",
];

/** Words recovery programs and sober homes name themselves after. */
const HOPE_WORDS: readonly string[] = [
  "New Hope", "New Beginnings", "Serenity", "Harmony", "Turning Point", "Fresh Start", "Second Chance", "Lighthouse", "Anchor", "Journey",
  "Pathways", "Bridges", "Horizon", "Phoenix", "Renewal", "Cornerstone", "Promise", "Crossroads", "Freedom", "Compass",
  "Haven", "Clear Path", "True North", "Steppingstone", "Hope Springs", "Open Door", "Recovery Road", "New Dawn", "Safe Harbor", "Grace",
];

const NAME_PATTERNS: Readonly<Record<OrganizationKind, readonly NamePattern[]>> = {
  clinic: [
    (w) => `${w.place()} Family Medicine`,
    (w) => `${w.place()} Urgent Care`,
    (w) => `${w.place()} Medical Group`,
    (w) => `${w.place()} Primary Care`,
    (w) => `${w.place()} Community Health Center`,
    (w) => `${w.place()} Internal Medicine`,
    (w) => `${w.place()} Pain Management`,
    (w) => `${w.place()} Health Partners`,
    (w) => `${w.surname()} Family Practice`,
    (w) => `${w.surname()} & ${w.surname()} Medical Associates`,
  ],
  "occupational-health": [
    (w) => `${w.place()} Occupational Health`,
    (w) => `${w.place()} Occupational Medicine`,
    (w) => `${w.city()} Occupational Health Services`,
    (w) => `${w.place()} Employer Health`,
    (w) => `${w.place()} Drug Testing Services`,
    (w) => `${w.surname()} Drug & Alcohol Testing`,
    (w) => `${w.place()} DOT Testing Center`,
    (w) => `${w.city()} Drug Screening`,
  ],
  lab: [
    (w) => `${w.place()} Toxicology Lab`,
    (w) => `${w.place()} Toxicology Laboratory`,
    (w) => `${w.place()} Diagnostic Laboratories`,
    (w) => `${w.place()} Clinical Labs`,
    (w) => `${w.surname()} Reference Laboratory`,
    (w) => `${w.place()} Forensic Labs`,
    (w) => `${w.place()} Molecular & Toxicology`,
  ],
  "treatment-center": [
    (w) => `${w.place()} Recovery Center`,
    (w) => `${w.hope()} Recovery`,
    (w) => `${w.hope()} Treatment Center`,
    (w) => `${w.place()} Behavioral Health`,
    (w) => `${w.place()} Addiction Services`,
    (w) => `${w.hope()} Detox`,
    (w) => `${w.city()} Recovery Center`,
    (w) => `${w.place()} Counseling Services`,
    (w) => `${w.hope()} Outpatient Services`,
    (w) => `${w.hope()} Behavioral Health of ${w.city()}`,
  ],
  employer: [
    (w) => `${w.surname()} Construction`,
    (w) => `${w.surname()} & Sons Trucking`,
    (w) => `${w.place()} Logistics`,
    (w) => `${w.place()} Manufacturing`,
    (w) => `${w.surname()} Plumbing & Heating`,
    (w) => `${w.place()} Transport`,
    (w) => `${w.place()} Staffing`,
    (w) => `${w.surname()} Roofing`,
    (w) => `${w.place()} Landscaping`,
    (w) => `${w.place()} Energy Services`,
    (w) => `${w.surname()} Electric`,
    (w) => `${w.place()} Freight Lines`,
    (w) => `${w.place()} Warehouse Solutions`,
  ],
  school: [
    (w) => `${w.place()} High School`,
    (w) => `${w.place()} Academy`,
    (w) => `${w.city()} Unified School District`,
    (w) => `${w.county()} Schools`,
    (w) => `${w.place()} Preparatory School`,
    (w) => `${w.place()} Christian Academy`,
    (w) => `${w.place()} Charter School`,
  ],
  "sober-living": [
    (w) => `${w.hope()} House`,
    (w) => `${w.hope()} Sober Living`,
    (w) => `${w.place()} Sober Living`,
    (w) => `The ${w.hope()} House`,
    (w) => `${w.hope()} Recovery Residence`,
    (w) => `${w.surname()} House Sober Living`,
    (w) => `${w.place()} Recovery Homes`,
  ],
  "probation-office": [
    (w) => `${w.county()} Probation Department`,
    (w) => `${w.county()} Adult Probation`,
    (w) => `${w.county()} Juvenile Probation`,
    (w) => `${w.county()} Drug Court`,
    (w) => `${w.county()} Community Corrections`,
    (w) => `${w.county()} Pretrial Services`,
  ],
};

/** Legal suffixes as customers type them; "" weighs most, and the comma forms make ShipStation quote the field. */
const LEGAL_SUFFIXES: Readonly<Record<OrganizationKind, readonly string[]>> = {
  clinic: ["", "", "", "", " PLLC", ", PLLC", ", P.A.", ", LLC", " PC"],
  "occupational-health": ["", "", "", " LLC", ", LLC", ", Inc."],
  lab: ["", "", " LLC", ", LLC", ", Inc.", " Inc"],
  "treatment-center": ["", "", "", "", " LLC", ", LLC", ", Inc."],
  employer: ["", "", " Inc", ", Inc.", " LLC", ", LLC", " Co."],
  school: [""],
  "sober-living": ["", "", "", " LLC", ", LLC"],
  "probation-office": [""],
};
