import type { OrganizationKind } from "./company-names.ts";
import { FREE_MAIL_DOMAINS } from "./customer-profiles.ts";
import type { ContactPerson } from "./person-names.ts";
import type { SeededRandom } from "./random.ts";
import type { UsCity } from "./us-places.ts";

/**
 * Hands out customer e-mail addresses, each one only once: the CRM tells customers apart by e-mail,
 * so two sample customers sharing an address would silently merge into one account.
 */
export class EmailAddressBook {
  /** Free-mail addresses and second mailboxes; the first address at an organization's domain is unique by its domain. */
  private readonly usedAddresses = new Set<string>();
  private readonly usedDomains = new Set<string>();
  private readonly nextDomainNumbers = new Map<string, number>();

  /**
   * An address at the organization's own domain, either the contact's or a shared mailbox such as purchasing@.
   * Every organization gets a domain of its own, so these addresses cannot collide.
   */
  organizationAddress(organization: string, kind: OrganizationKind, city: UsCity, contact: ContactPerson, roleMailboxes: readonly string[], random: SeededRandom): string {
    const domain = this.claimDomain(organization, kind, city, random);
    const localPart = roleMailboxes.length > 0 && random.chance(0.35) ? random.pick(roleMailboxes) : personalLocalPart(contact, random);
    return `${localPart}@${domain}`;
  }

  /** Another mailbox at the domain of an organization's address: a shared one such as purchasing@, or the contact's own. */
  secondMailbox(organizationAddress: string, contact: ContactPerson, roleMailboxes: readonly string[], random: SeededRandom): string {
    const domain = organizationAddress.slice(organizationAddress.indexOf("@") + 1);
    const taken = (address: string) => address === organizationAddress || this.usedAddresses.has(address);
    const pickLocalPart = () => (roleMailboxes.length > 0 && random.chance(0.5) ? random.pick(roleMailboxes) : personalLocalPart(contact, random));
    let localPart = pickLocalPart();
    for (let attempt = 1; attempt < 10 && taken(`${localPart}@${domain}`); attempt++) localPart = pickLocalPart();
    // Where every name tried is taken, the next free number, as mail administrators hand them out.
    let address = `${localPart}@${domain}`;
    for (let number = 2; taken(address); number++) address = `${localPart}${number}@${domain}`;
    return this.claim(address);
  }

  /** A gmail.com-style address, as individuals and some small organizations use. */
  freeMailAddress(contact: ContactPerson, organization: string | undefined, random: SeededRandom): string {
    const domain = random.pick(FREE_MAIL_DOMAINS);
    const stem = organization !== undefined && random.chance(0.6) ? significantWords(organization).join("") : personalLocalPart(contact, random);
    let localPart = random.chance(0.45) ? `${stem}${yearOrNumberSuffix(random)}` : stem;
    // Common names use up a provider's short suffixes, and people there get longer numbers.
    for (let attempt = 1; this.usedAddresses.has(`${localPart}@${domain}`); attempt++) {
      localPart = `${stem}${attempt <= 20 ? yearOrNumberSuffix(random) : random.integer(100, 99999)}`;
    }
    return this.claim(`${localPart}@${domain}`);
  }

  private claim(address: string): string {
    this.usedAddresses.add(address);
    return address;
  }

  private claimDomain(organization: string, kind: OrganizationKind, city: UsCity, random: SeededRandom): string {
    const stem = kind === "probation-office" ? slug(city.county) : random.pick(domainStems(organization));
    const preferred = organizationDomain(stem, kind, city, random);
    const candidates = [preferred, organizationDomain(`${stem}${slug(city.city)}`, kind, city, random)];
    let domain = candidates.find((candidate) => !this.usedDomains.has(candidate));
    // Counting on from the stem's last number keeps a common name such as Smith Construction from recounting them all.
    for (let number = this.nextDomainNumbers.get(stem) ?? 2; domain === undefined; number++) {
      const numbered = organizationDomain(`${stem}${number}`, kind, city, random);
      if (!this.usedDomains.has(numbered)) {
        domain = numbered;
        this.nextDomainNumbers.set(stem, number + 1);
      }
    }
    this.usedDomains.add(domain);
    return domain;
  }
}

function organizationDomain(stem: string, kind: OrganizationKind, city: UsCity, random: SeededRandom): string {
  const state = city.state.toLowerCase();
  switch (kind) {
    case "probation-office":
      return random.pick([`${stem}county.gov`, `${stem}county${state}.gov`, `co.${stem}.${state}.us`]);
    case "school":
      return random.pick([`${stem}.org`, `${stem}.org`, `${stem}.k12.${state}.us`, `${stem}schools.net`]);
    case "treatment-center":
    case "sober-living":
      return random.pick([`${stem}.org`, `${stem}.com`]);
    case "clinic":
      return random.pick([`${stem}.com`, `${stem}.com`, `${stem}.org`, `${stem}.net`]);
    case "occupational-health":
    case "lab":
    case "employer":
      return random.pick([`${stem}.com`, `${stem}.com`, `${stem}.com`, `${stem}.net`]);
  }
}

/**
 * Ways organizations turn their name into a domain: whole, without generic words ("Center", "Services"),
 * or as an acronym. Never a leading fragment such as "newyork" for New York Counseling Services.
 */
function domainStems(organization: string): string[] {
  const words = significantWords(organization);
  const distinctive = words.filter((word) => !GENERIC_NAME_WORDS.has(word));
  const candidates = [words.join(""), distinctive.join("")].filter((stem) => stem.length > 0 && stem.length <= 24);
  if (words.length >= 3) candidates.push(words.map((word) => word[0]).join(""));
  return candidates.length > 0 ? candidates : [distinctive.slice(0, 3).join("") || words.join("")];
}

const GENERIC_NAME_WORDS = new Set(["center", "services", "group", "associates", "department", "solutions", "health", "house", "homes", "lab", "labs", "laboratory", "laboratories"]);

const WORDS_LEFT_OUT_OF_DOMAINS = new Set(["the", "of", "and", "llc", "inc", "pllc", "pa", "pc", "co"]);

function significantWords(organization: string): string[] {
  return organization
    .toLowerCase()
    .replace(/&/g, " ")
    .split(/[\s,.-]+/)
    .map(slug)
    .filter((word) => word.length > 0 && !WORDS_LEFT_OUT_OF_DOMAINS.has(word));
}

function personalLocalPart(contact: ContactPerson, random: SeededRandom): string {
  const first = slug(contact.firstName);
  const last = slug(contact.lastName);
  return random.pick([`${first}.${last}`, `${first[0]}${last}`, `${first}${last[0]}`, `${first}_${last}`, `${first}${last}`, first]);
}

function yearOrNumberSuffix(random: SeededRandom): string {
  return random.chance(0.5) ? String(random.integer(1955, 2004)) : String(random.integer(1, 99));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}
