import { retypeOrganizationName, type OrganizationKind } from "./company-names.ts";
import { CUSTOMER_PROFILES, FREE_MAIL_DOMAINS } from "./customer-profiles.ts";
import type { ContactBooks, DemoCustomer } from "./demo-customers.ts";
import { newContactPerson, shipToName } from "./person-names.ts";
import { retypePhone } from "./phone-numbers.ts";
import type { SeededRandom } from "./random.ts";
import { retypeAddress } from "./street-addresses.ts";
import { CUSTOMER_CITIES } from "./us-places.ts";

/**
 * Plants customers who also order under a second e-mail, about 3 in 100, each giving the CRM a second account
 * for duplicate detection to find. They come about the way they do in a real customer base:
 * - someone at an organization orders from their personal mailbox, now and then: the company name retyped
 *   (a typo, another legal form) or left out, the same address written slightly differently, the office phone
 *   in another format, their mobile or none, and no negotiated discount;
 * - a colleague, or a shared mailbox such as purchasing@, at the same domain orders too;
 * - an organization that ordered from free mail gets a domain of its own and orders from there;
 * - an individual orders from a second free-mail address, with the same phone, the same address or both.
 * A second identity takes a later place in the customer list than its original, so it first orders after it.
 */
export class SecondIdentities {
  private readonly duplicated = new Set<DemoCustomer>();

  constructor(
    private readonly books: ContactBooks,
    private readonly random: SeededRandom,
  ) {}

  /** A second identity of one of the earlier customers to take the next place in the list, or undefined for a new customer there. */
  next(earlier: readonly DemoCustomer[]): DemoCustomer | undefined {
    if (earlier.length === 0 || !this.random.chance(SECOND_IDENTITY_SHARE)) return undefined;
    const original = earlier[this.random.integer(0, earlier.length - 1)]!;
    if (original.duplicateOf !== undefined || this.duplicated.has(original)) return undefined;
    this.duplicated.add(original);
    return { ...this.secondIdentityOf(original), duplicateOf: original };
  }

  private secondIdentityOf(original: DemoCustomer): DemoCustomer {
    if (original.kind === "individual") return this.secondFreeMailAddress(original);
    if (FREE_MAIL_DOMAINS.includes(original.email.slice(original.email.indexOf("@") + 1))) return this.ownDomain(original);
    return this.random.chance(0.55) ? this.personalMailbox(original) : this.secondMailboxAtDomain(original);
  }

  private personalMailbox(original: DemoCustomer): DemoCustomer {
    const { random } = this;
    return {
      ...original,
      email: this.books.emails.freeMailAddress(original.contact, undefined, random),
      company: random.chance(0.15) ? "" : this.retypedCompany(original),
      contactName: shipToName(original.contact, original.kind, random),
      address: retypeAddress(original.address, random),
      phone: original.phone !== "" && random.chance(0.55) ? retypePhone(original.phone, random) : this.ownPhoneOrNone(original, 0.5),
      reorderWeight: NOW_AND_THEN,
      discount: 0,
    };
  }

  private secondMailboxAtDomain(original: DemoCustomer): DemoCustomer {
    const { random } = this;
    const contact = random.chance(0.5) ? newContactPerson(random) : original.contact;
    return {
      ...original,
      email: this.books.emails.secondMailbox(original.email, contact, CUSTOMER_PROFILES[original.kind].roleMailboxes, random),
      company: random.chance(0.6) ? original.company : this.retypedCompany(original),
      contact,
      contactName: shipToName(contact, original.kind, random),
      address: random.chance(0.5) ? original.address : retypeAddress(original.address, random),
      phone: original.phone !== "" && random.chance(0.85) ? this.sameOrRetypedPhone(original) : this.ownPhoneOrNone(original, 0.7),
      reorderWeight: original.reorderWeight * random.integer(2, 10) / 10,
    };
  }

  private ownDomain(original: DemoCustomer): DemoCustomer {
    const { random } = this;
    const { company, kind, city, contact } = original;
    return {
      ...original,
      email: this.books.emails.organizationAddress(company, kind as OrganizationKind, city, contact, CUSTOMER_PROFILES[kind].roleMailboxes, random),
      company: random.chance(0.5) ? company : this.retypedCompany(original),
      address: random.chance(0.5) ? original.address : retypeAddress(original.address, random),
      phone: original.phone === "" ? "" : this.sameOrRetypedPhone(original),
    };
  }

  /** Same person, another free-mail address; still sharing the phone if they moved, still the address if they have no phone on file. */
  private secondFreeMailAddress(original: DemoCustomer): DemoCustomer {
    const { random } = this;
    const moved = original.phone !== "" && random.chance(0.3);
    const city = moved && random.chance(0.4) ? CUSTOMER_CITIES.pick(random) : original.city;
    const contactName = shipToName(original.contact, original.kind, random);
    return {
      ...original,
      email: this.books.emails.freeMailAddress(original.contact, undefined, random),
      contactName: random.chance(0.15) ? contactName.toLowerCase() : contactName,
      address: moved ? this.books.addresses.newAddress(city, true, random) : random.chance(0.5) ? original.address : retypeAddress(original.address, random),
      city,
      phone: moved || (original.phone !== "" && random.chance(0.6)) ? this.sameOrRetypedPhone(original) : this.ownPhoneOrNone(original, 0.3),
      reorderWeight: original.reorderWeight * random.integer(3, 10) / 10,
    };
  }

  private retypedCompany(original: DemoCustomer): string {
    return retypeOrganizationName(original.company, original.kind as OrganizationKind, this.random);
  }

  private sameOrRetypedPhone(original: DemoCustomer): string {
    return this.random.chance(0.5) ? original.phone : retypePhone(original.phone, this.random);
  }

  /** A number of the person's own (a mobile, a direct line) or, otherwise, none. */
  private ownPhoneOrNone(original: DemoCustomer, ownShare: number): string {
    return this.random.chance(ownShare) ? this.books.phones.newNumber(original.city.areaCode, this.random) : "";
  }
}

const SECOND_IDENTITY_SHARE = 0.03;

/** Reorder weight of an account used now and then: one or two orders in the history. */
const NOW_AND_THEN = 1;
