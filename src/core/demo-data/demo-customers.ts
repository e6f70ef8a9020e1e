import { nameOrganization, type OrganizationKind } from "./company-names.ts";
import { productChoiceFor, sourceChoiceFor } from "./buying-habits.ts";
import { CUSTOMER_PROFILES, type CustomerKind, type OrderSource } from "./customer-profiles.ts";
import { EmailAddressBook, type ContactPerson } from "./email-addresses.ts";
import { FIRST_NAMES, LAST_NAMES, NICKNAMES } from "./person-names.ts";
import type { Product } from "./product-catalog.ts";
import { WeightedChoice, type SeededRandom } from "./random.ts";
import { BUSINESS_ADDRESS_LINE_2, HOME_ADDRESS_LINE_2, STREET_DIRECTIONS, STREET_NAMES, STREET_SUFFIXES } from "./street-names.ts";
import { US_CITIES, type UsCity } from "./us-places.ts";

/** A customer account as it appears on every order it places: the same e-mail, name and ship-to address each time. */
export interface DemoCustomer {
  kind: CustomerKind;
  email: string;
  /** Empty for individuals, as ShipStation leaves the company blank. */
  company: string;
  contactName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  /** The products this account keeps reordering. */
  usualProducts: readonly Product[];
  /** The channel this account mostly orders through. */
  usualSource: OrderSource;
  /** How often this account orders compared with others; a few accounts order far more than the rest. */
  reorderWeight: number;
  /** Negotiated discount off list price, e.g. 0.1 for 10%. */
  discount: number;
}

/** Creates the customers in the order they become customers. */
export function createDemoCustomers(count: number, random: SeededRandom): DemoCustomer[] {
  const addressBook = new EmailAddressBook();
  return Array.from({ length: count }, () => createDemoCustomer(random, addressBook));
}

function createDemoCustomer(random: SeededRandom, addressBook: EmailAddressBook): DemoCustomer {
  const kind = CUSTOMER_KINDS.pick(random);
  const profile = CUSTOMER_PROFILES[kind];
  const city = CITIES.pick(random);
  const contact: ContactPerson = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
  const company = kind === "individual" ? "" : nameOrganization(kind, city, random);
  const email =
    kind === "individual" || random.chance(profile.freeMailShare)
      ? addressBook.freeMailAddress(contact, company || undefined, random)
      : addressBook.organizationAddress(company, kind as OrganizationKind, city, contact, profile.roleMailboxes, random);
  const isHome = kind === "individual" || kind === "sober-living";
  return {
    kind,
    email,
    company: kind === "employer" && random.chance(0.1) ? `${company} - Human Resources` : company,
    contactName: shipToName(contact, kind, random),
    phone: phoneNumber(city, kind, random),
    address1: streetAddress(isHome, random),
    address2: random.chance(isHome ? 0.2 : 0.45) ? random.pick(isHome ? HOME_ADDRESS_LINE_2 : BUSINESS_ADDRESS_LINE_2) : "",
    city: city.city,
    state: city.state,
    postalCode: postalCode(city, random),
    usualProducts: usualProducts(kind, random),
    usualSource: sourceChoiceFor(kind).pick(random),
    reorderWeight: paretoWeight(random) * profile.reorderRate,
    discount: kind === "individual" ? 0 : random.pick(NEGOTIATED_DISCOUNTS),
  };
}

const CUSTOMER_KINDS = new WeightedChoice(Object.entries(CUSTOMER_PROFILES).map(([kind, profile]) => [kind as CustomerKind, profile.share] as const));

const CITIES = new WeightedChoice(US_CITIES.map((city) => [city, city.weight] as const));

const NEGOTIATED_DISCOUNTS: readonly number[] = [0, 0, 0, 0, 0.05, 0.1, 0.15];

/** Caps the few giant accounts so that one customer cannot take over the whole file. */
const LARGEST_REORDER_WEIGHT = 60;

/** Pareto-distributed (alpha about 1.4): most accounts order now and then, a few order all the time. */
function paretoWeight(random: SeededRandom): number {
  return Math.min(LARGEST_REORDER_WEIGHT, Math.pow(1 - random.next(), -0.7));
}

function usualProducts(kind: CustomerKind, random: SeededRandom): Product[] {
  const choice = productChoiceFor(kind);
  const products = new Set<Product>();
  const wanted = random.integer(2, 5);
  for (let attempt = 0; products.size < wanted && attempt < 20; attempt++) products.add(choice.pick(random));
  return [...products];
}

function shipToName(contact: ContactPerson, kind: CustomerKind, random: SeededRandom): string {
  const nickname = NICKNAMES[contact.firstName];
  if (nickname !== undefined && random.chance(0.05)) return `${contact.firstName} "${nickname}" ${contact.lastName}`;
  if ((kind === "clinic" || kind === "lab") && random.chance(0.15)) return `Dr. ${contact.firstName} ${contact.lastName}`;
  if (random.chance(0.08)) return `${contact.firstName} ${String.fromCharCode(65 + random.integer(0, 25))}. ${contact.lastName}`;
  return `${contact.firstName} ${contact.lastName}`;
}

/** Numbers use the 555-01xx range reserved for fiction, so the sample never dials a real person. */
function phoneNumber(city: UsCity, kind: CustomerKind, random: SeededRandom): string {
  if (random.chance(kind === "individual" ? 0.35 : 0.05)) return "";
  const line = `01${String(random.integer(0, 99)).padStart(2, "0")}`;
  const area = city.areaCode;
  return random.pick([`(${area}) 555-${line}`, `${area}-555-${line}`, `${area}.555.${line}`, `+1 ${area}-555-${line}`, `${area}555${line}`]);
}

function streetAddress(isHome: boolean, random: SeededRandom): string {
  const number = isHome ? random.integer(10, 9999) : random.integer(100, 12999);
  const direction = random.chance(0.2) ? `${random.pick(STREET_DIRECTIONS)} ` : "";
  return `${number} ${direction}${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`;
}

function postalCode(city: UsCity, random: SeededRandom): string {
  const zip = String(city.firstZip + random.integer(0, city.zipSpan)).padStart(5, "0");
  return random.chance(0.08) ? `${zip}-${String(random.integer(1000, 9999))}` : zip;
}
