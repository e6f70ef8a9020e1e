import type { OrderSource } from "./customer-profiles.ts";
import type { SeededRandom } from "./random.ts";

export interface ShippingChoice {
  /** ShipStation's "Carrier - Service Selected", e.g. "UPS® Ground". */
  service: string;
  chargeCents: number;
}

/** How an order ships and what the customer paid for it, following the store's shipping rules. */
export function chooseShipping(subtotalCents: number, source: OrderSource, random: SeededRandom): ShippingChoice {
  if (source === "amazon") {
    // Prime orders ship free; the rest pay Amazon's flat standard rate.
    return { service: random.pick(["USPS Ground Advantage", "UPS® Ground"]), chargeCents: random.chance(0.7) ? 0 : 599 };
  }
  if (subtotalCents < SMALL_ORDER_CENTS) {
    return random.chance(0.8) ? { service: "USPS Ground Advantage", chargeCents: 795 } : { service: "USPS Priority Mail", chargeCents: 1295 };
  }
  if (random.chance(0.07)) {
    return random.chance(0.7) ? { service: "UPS 2nd Day Air®", chargeCents: 3995 } : { service: "UPS Next Day Air®", chargeCents: 6995 };
  }
  const groundService = random.pick(["UPS® Ground", "UPS® Ground", "FedEx Ground®", "USPS Priority Mail"]);
  return { service: groundService, chargeCents: subtotalCents >= FREE_SHIPPING_CENTS ? 0 : 1495 };
}

const SMALL_ORDER_CENTS = 6000;
const FREE_SHIPPING_CENTS = 30000;
