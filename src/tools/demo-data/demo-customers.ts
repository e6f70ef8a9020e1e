import { nameOrganization, type OrganizationKind } from "./company-names.ts";
import { productChoiceFor, sourceChoiceFor } from "./buying-habits.ts";
import { CUSTOMER_PROFILES, type CustomerKind, type OrderSource } from "./customer-profiles.ts";
import { EmailAddressBook } from "./email-addresses.ts";
import { OrderingServices } from "./ordering-services.ts";
import { newContactPerson, shipToName, type ContactPerson } from "./person-names.ts";
import { PhoneBook } from "./phone-numbers.ts";
import type { Product } from "./product-catalog.ts";
import { WeightedChoice, type SeededRandom } from "./random.ts";
import { SecondIdentities } from "./second-identities.ts";
import { StreetAddressBook, type StreetAddress } from "./street-addresses.ts";
import { CUSTOMER_CITIES, type UsCity } from "./us-places.ts";

/** A customer account as it appears on every order it places: the same e-mail, name and ship-to address each time. */
export interface DemoCustomer {
  kind: CustomerKind;
  email: string;
  /** Empty for individuals, as ShipStation leaves the company blank. */
  company: string;
  /** The person the ship-to name is written for. */
  contact: ContactPerson;
  contactName: string;
  phone: string;
  address: StreetAddress;
  city: UsCity;
  /** The products this account keeps reordering. */
  usualProducts: readonly Product[];
  /** The channel this account mostly orders through. */
  usualSource: OrderSource;
  /** How often this account orders compared with others; a few accounts order far more than the rest. */
  reorderWeight: number;
  /** Negotiated discount off list price, e.g. 0.1 for 10%. */
  discount: number;
  /** Set on a customer's second identity, planted for duplicate detection to find: the customer it really is. */
  duplicateOf?: DemoCustomer;
}

/** Where customers' e-mails, phone numbers and addresses come from, each handed out once. */
export interface ContactBooks {
  emails: EmailAddressBook;
  phones: PhoneBook;
  addresses: StreetAddressBook;
}

/**
 * Creates the customers in the order they become customers. A few are second identities of earlier ones
 * (see SecondIdentities), made with their own random source so that planting them does not reshuffle the rest.
 */
export function createDemoCustomers(count: number, random: SeededRandom, duplicateRandom: SeededRandom): DemoCustomer[] {
  const books: ContactBooks = { emails: new EmailAddressBook(), phones: new PhoneBook(), addresses: new StreetAddressBook() };
  const services = new OrderingServices(books.phones, books.addresses);
  const secondIdentities = new SecondIdentities(books, duplicateRandom);
  const customers: DemoCustomer[] = [];
  while (customers.length < count) customers.push(secondIdentities.next(customers) ?? createDemoCustomer(random, books, services));
  return customers;
}

function createDemoCustomer(random: SeededRandom, books: ContactBooks, services: OrderingServices): DemoCustomer {
  const kind = CUSTOMER_KINDS.pick(random);
  const profile = CUSTOMER_PROFILES[kind];
  const service = services.shipToFor(kind, random);
  const receivingAddress = service?.receivingAddress;
  const city = receivingAddress?.city ?? CUSTOMER_CITIES.pick(random);
  const contact = newContactPerson(random);
  const company = kind === "individual" ? "" : nameOrganization(kind, city, random);
  const email =
    kind === "individual" || random.chance(profile.freeMailShare)
      ? books.emails.freeMailAddress(contact, company || undefined, random)
      : books.emails.organizationAddress(company, kind as OrganizationKind, city, contact, profile.roleMailboxes, random);
  const contactName = shipToName(contact, kind, random);
  return {
    kind,
    email,
    company: kind === "employer" && random.chance(0.1) ? `${company} - Human Resources` : company,
    contact,
    contactName,
    phone: service?.phone ?? phoneNumber(city, kind, books.phones, random),
    address:
      receivingAddress === undefined
        ? books.addresses.newAddress(city, kind === "individual" || kind === "sober-living", random)
        : { address1: receivingAddress.address1, address2: receivingAddress.addressLine2For(company || contactName, random), postalCode: receivingAddress.postalCode },
    city,
    usualProducts: usualProducts(kind, random),
    usualSource: sourceChoiceFor(kind).pick(random),
    reorderWeight: paretoWeight(random) * profile.reorderRate,
    discount: kind === "individual" ? 0 : random.pick(NEGOTIATED_DISCOUNTS),
  };
}

const CUSTOMER_KINDS = new WeightedChoice(Object.entries(CUSTOMER_PROFILES).map(([kind, profile]) => [kind as CustomerKind, profile.share] as const));

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

/** Many individuals and a few organizations leave the phone out. */
function phoneNumber(city: UsCity, kind: CustomerKind, phones: PhoneBook, random: SeededRandom): string {
  return random.chance(kind === "individual" ? 0.35 : 0.05) ? "" : phones.newNumber(city.areaCode, random);
}
