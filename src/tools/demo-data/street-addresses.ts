import type { SeededRandom } from "./random.ts";
import {
  BUSINESS_ADDRESS_LINE_2,
  HOME_ADDRESS_LINE_2,
  SPELLED_OUT_STREET_DIRECTIONS,
  SPELLED_OUT_STREET_SUFFIXES,
  STREET_DIRECTIONS,
  STREET_NAMES,
  STREET_SUFFIXES,
} from "./street-names.ts";
import type { UsCity } from "./us-places.ts";

/** The street part of a ship-to address, as written on the order. */
export interface StreetAddress {
  address1: string;
  address2: string;
  postalCode: string;
}

/**
 * Hands out street addresses, each street line and ZIP code only once, so that two customers share an address
 * only where the sample means them to: one customer ordering under two e-mails, or a service receiving for
 * several customers. The second line does not count: offices in one building are one place to the CRM.
 */
export class StreetAddressBook {
  private readonly usedPlaces = new Set<string>();

  /** A home or business address in that city that no other customer has. */
  newAddress(city: UsCity, isHome: boolean, random: SeededRandom): StreetAddress {
    let address1: string;
    let zip: string;
    let place: string;
    do {
      address1 = streetLine(isHome, random);
      zip = String(city.firstZip + random.integer(0, city.zipSpan)).padStart(5, "0");
      place = `${address1}|${zip}`;
    } while (this.usedPlaces.has(place));
    this.usedPlaces.add(place);
    return {
      address1,
      address2: random.chance(isHome ? 0.2 : 0.45) ? random.pick(isHome ? HOME_ADDRESS_LINE_2 : BUSINESS_ADDRESS_LINE_2) : "",
      postalCode: random.chance(0.08) ? withPlusFour(zip, random) : zip,
    };
  }
}

/**
 * The same address typed again, one or two things written differently, the way a customer retypes it on
 * another order: 'Avenue' for 'Ave', 'Ste 200' or '#200' for 'Suite 200', the suite on the street line or
 * left out, the ZIP+4 added or dropped, all in capitals.
 */
export function retypeAddress(address: StreetAddress, random: SeededRandom): StreetAddress {
  let retyped = address;
  let unused = ADDRESS_RETYPINGS;
  for (let changes = random.chance(0.3) ? 2 : 1; changes > 0; changes--) {
    const applicable = unused.flatMap((retype) => {
      const result = retype(retyped, random);
      return result === undefined ? [] : [{ retype, result }];
    });
    const chosen = random.pick(applicable);
    retyped = chosen.result;
    unused = unused.filter((retype) => retype !== chosen.retype);
  }
  return retyped;
}

function streetLine(isHome: boolean, random: SeededRandom): string {
  const number = isHome ? random.integer(10, 9999) : random.integer(100, 12999);
  const direction = random.chance(0.2) ? `${random.pick(STREET_DIRECTIONS)} ` : "";
  return `${number} ${direction}${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
}

function withPlusFour(zip: string, random: SeededRandom): string {
  return `${zip}-${String(random.integer(1000, 9999))}`;
}

type AddressRetyping = (address: StreetAddress, random: SeededRandom) => StreetAddress | undefined;

/** Each gives the address with one thing written differently, or undefined where the address has nothing to change. */
const ADDRESS_RETYPINGS: readonly AddressRetyping[] = [
  // The street suffix spelled out: 'Ave' becomes 'Avenue'.
  (address) => {
    const words = address.address1.split(" ");
    const spelledOut = SPELLED_OUT_STREET_SUFFIXES[words[words.length - 1]!];
    if (spelledOut === undefined || spelledOut === words[words.length - 1]) return undefined;
    return { ...address, address1: [...words.slice(0, -1), spelledOut].join(" ") };
  },
  // The direction spelled out: 'N Main St' becomes 'North Main St'.
  (address) => {
    const [number, direction, ...rest] = address.address1.split(" ");
    const spelledOut = SPELLED_OUT_STREET_DIRECTIONS[direction!];
    return spelledOut === undefined ? undefined : { ...address, address1: [number, spelledOut, ...rest].join(" ") };
  },
  // The unit written another way: 'Suite 200' becomes 'Ste 200' or '#200'.
  (address, random) => {
    const unit = parseUnit(address.address2);
    return unit === undefined ? undefined : { ...address, address2: writeUnit(random.pick(UNIT_SPELLINGS[unit.designator]!), unit.number) };
  },
  // The unit put on the street line: '120 Main St, Suite 200'.
  (address, random) => {
    if (parseUnit(address.address2) === undefined) return undefined;
    return { ...address, address1: `${address.address1}${random.pick([", ", " "])}${address.address2}`, address2: "" };
  },
  // The second line left out.
  (address) => (address.address2 === "" ? undefined : { ...address, address2: "" }),
  // The ZIP+4 added, or dropped.
  (address, random) => ({ ...address, postalCode: address.postalCode.length > 5 ? address.postalCode.slice(0, 5) : withPlusFour(address.postalCode, random) }),
  // All in capitals.
  (address) => ({ address1: address.address1.toUpperCase(), address2: address.address2.toUpperCase(), postalCode: address.postalCode }),
];

/** Other ways of writing each unit designator of the second lines above. */
const UNIT_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  Suite: ["Ste", "Ste.", "#"],
  Ste: ["Suite", "#"],
  Apt: ["#", "Unit", "Apt."],
  Unit: ["#"],
  "#": ["Apt", "Unit"],
  Bldg: ["Building"],
  Floor: ["Fl"],
  Room: ["Rm"],
};

const UNIT = /^(Suite|Ste|Apt|Unit|Bldg|Floor|Room|#) ?([A-Z0-9]+)$/;

function parseUnit(addressLine2: string): { designator: string; number: string } | undefined {
  const match = UNIT.exec(addressLine2);
  return match ? { designator: match[1]!, number: match[2]! } : undefined;
}

function writeUnit(designator: string, number: string): string {
  return designator === "#" ? `#${number}` : `${designator} ${number}`;
}
