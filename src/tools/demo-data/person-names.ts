import type { CustomerKind } from "./customer-profiles.ts";
import { WeightedChoice, type SeededRandom } from "./random.ts";

/** Given names, most common first; men's and women's alternate. */
const FIRST_NAMES_MOST_COMMON_FIRST: readonly string[] = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen",
  "Charles", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
  "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
  "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "Timothy", "Deborah", "Ronald", "Stephanie",
  "Jason", "Rebecca", "Jeffrey", "Laura", "Ryan", "Sharon", "Jacob", "Cynthia", "Gary", "Kathleen",
  "Nicholas", "Amy", "Eric", "Angela", "Jonathan", "Shirley", "Stephen", "Brenda", "Larry", "Emma",
  "Justin", "Anna", "Scott", "Pamela", "Brandon", "Nicole", "Benjamin", "Samantha", "Samuel", "Katherine",
  "Gregory", "Christine", "Alexander", "Debra", "Patrick", "Rachel", "Frank", "Carolyn", "Raymond", "Janet",
  "Jose", "Maria", "Luis", "Ana", "Carlos", "Rosa", "Juan", "Carmen", "Miguel", "Lucia",
  "DeShawn", "Keisha", "Marcus", "Tamika", "Andre", "Latoya", "Tyrone", "Jasmine", "Darnell", "Aaliyah",
  "Wei", "Mei", "Hiroshi", "Yuki", "Raj", "Priya", "Minh", "Linh", "Omar", "Fatima",
];

/** Surnames in the US census's order, most common first, then rarer ones of the communities the store sells to. */
const LAST_NAMES_MOST_COMMON_FIRST: readonly string[] = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
  "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
  "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
  "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
  "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
  "O'Brien", "O'Connor", "McDonald", "McAllister", "Schneider", "Kowalski", "Novak", "Fischer", "Weber", "Becker",
  "Chen", "Wang", "Singh", "Shah", "Tran", "Pham", "Yamamoto", "Nakamura", "Haddad", "Khan",
];

/**
 * Names picked as often as Americans have them. Census counts fall off about as the rank to the power -0.55
 * (Smith 828 people in 100,000, the hundredth surname about 70; given names alike), so a customer base of
 * thousands has several James Smiths, each a different person with an e-mail, phone and address of their own.
 */
const FIRST_NAMES = byCommonness(FIRST_NAMES_MOST_COMMON_FIRST);
export const LAST_NAMES = byCommonness(LAST_NAMES_MOST_COMMON_FIRST);

function byCommonness(namesMostCommonFirst: readonly string[]): WeightedChoice<string> {
  return new WeightedChoice(namesMostCommonFirst.map((name, index) => [name, (index + 1) ** -0.55] as const));
}

/** Nicknames people put in quotes in a ship-to name, e.g. Robert "Bob" Smith. */
const NICKNAMES: Readonly<Record<string, string>> = {
  Robert: "Bob",
  William: "Bill",
  Richard: "Rick",
  James: "Jim",
  Elizabeth: "Liz",
  Katherine: "Kate",
  Margaret: "Peggy",
  Anthony: "Tony",
  Joseph: "Joe",
  Patricia: "Trish",
};

export interface ContactPerson {
  firstName: string;
  lastName: string;
}

/** Someone new, their names as common as in the census. */
export function newContactPerson(random: SeededRandom): ContactPerson {
  return { firstName: FIRST_NAMES.pick(random), lastName: LAST_NAMES.pick(random) };
}

/** The ship-to name as people type it: mostly plain, now and then with a title, a middle initial or a nickname. */
export function shipToName(contact: ContactPerson, kind: CustomerKind, random: SeededRandom): string {
  const nickname = NICKNAMES[contact.firstName];
  if (nickname !== undefined && random.chance(0.05)) return `${contact.firstName} "${nickname}" ${contact.lastName}`;
  if ((kind === "clinic" || kind === "lab") && random.chance(0.15)) return `Dr. ${contact.firstName} ${contact.lastName}`;
  if (random.chance(0.08)) return `${contact.firstName} ${String.fromCharCode(65 + random.integer(0, 25))}. ${contact.lastName}`;
  return `${contact.firstName} ${contact.lastName}`;
}
