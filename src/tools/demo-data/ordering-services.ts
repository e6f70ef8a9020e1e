import type { CustomerKind } from "./customer-profiles.ts";
import type { PhoneBook } from "./phone-numbers.ts";
import type { SeededRandom } from "./random.ts";
import type { StreetAddressBook } from "./street-addresses.ts";
import { CUSTOMER_CITIES, type UsCity } from "./us-places.ts";

/** What a service puts on the ship-to of a customer who orders through it, instead of the customer's own. */
export interface ServiceShipTo {
  phone?: string;
  receivingAddress?: ReceivingAddress;
}

/** Where a service receives parcels for its customers, each told apart by the second line. */
export interface ReceivingAddress {
  city: UsCity;
  address1: string;
  postalCode: string;
  addressLine2For(addressee: string, random: SeededRandom): string;
}

/**
 * Third parties a few customers order through, whose own phone number or address ends up on the ship-to:
 * a testing program that has kits sent to its clients' homes under its toll-free number, a mailbox service
 * that receives parcels for people without a safe delivery address, a warehouse that receives for several
 * sober homes and forwards to them. Each serves a group of 5 to 30 customers who have nothing else in common,
 * about 1.5% of all customers, so that as in real data a shared phone or address is not proof of one customer.
 */
export class OrderingServices {
  /** The service of each kind now taking customers, and how many more it takes. */
  private readonly open = new Map<ServiceKind, { shipTo: ServiceShipTo; customersLeft: number }>();

  constructor(
    private readonly phones: PhoneBook,
    private readonly addresses: StreetAddressBook,
  ) {}

  /** What a service puts on this new customer's ship-to, if the customer orders through one. */
  shipToFor(kind: CustomerKind, random: SeededRandom): ServiceShipTo | undefined {
    const serviceKind = SERVICE_KINDS.find((candidate) => candidate.serves === kind && random.chance(candidate.share));
    if (serviceKind === undefined) return undefined;
    let service = this.open.get(serviceKind);
    if (service === undefined || service.customersLeft === 0) {
      service = { shipTo: this.openService(serviceKind, random), customersLeft: random.integer(5, 30) };
      this.open.set(serviceKind, service);
    }
    service.customersLeft--;
    return service.shipTo;
  }

  private openService(kind: ServiceKind, random: SeededRandom): ServiceShipTo {
    const city = CUSTOMER_CITIES.pick(random);
    const shipTo: ServiceShipTo = {};
    if (kind.phone !== undefined) shipTo.phone = this.phones.newNumber(kind.phone === "toll-free" ? random.pick(TOLL_FREE_AREA_CODES) : city.areaCode, random);
    if (kind.addressLine2For !== undefined) {
      const { address1, postalCode } = this.addresses.newAddress(city, false, random);
      shipTo.receivingAddress = { city, address1, postalCode, addressLine2For: kind.addressLine2For };
    }
    return shipTo;
  }
}

interface ServiceKind {
  serves: CustomerKind;
  /** Share of the customers of that kind who order through such a service. */
  share: number;
  /** The service's own number on the ship-to, if it puts one there. */
  phone?: "toll-free" | "local";
  /** How the service's own address names each customer on its second line, if parcels go there. */
  addressLine2For?: (addressee: string, random: SeededRandom) => string;
}

const SERVICE_KINDS: readonly ServiceKind[] = [
  // A testing program's clients.
  { serves: "individual", share: 0.05, phone: "toll-free" },
  // A mailbox service's customers.
  { serves: "individual", share: 0.025, addressLine2For: (_addressee, random) => `${random.pick(["PMB ", "#", "Box "])}${random.integer(100, 9999)}` },
  // Sober homes supplied through their operator's or a purchasing co-op's warehouse.
  { serves: "sober-living", share: 0.04, phone: "local", addressLine2For: (addressee) => `Attn: ${addressee}` },
];

const TOLL_FREE_AREA_CODES: readonly string[] = ["800", "833", "844", "855", "866", "877", "888"];
