import { describe, expect, test } from "bun:test";
import { findSameOrder, type OrderIdentity } from "./order-identity.ts";

const stored = (id: number, identity: Partial<OrderIdentity>) => ({ id, shipstationOrderId: null, store: null, customerEmail: "ann@clinic.com", ...identity });
const delivery = (identity: Partial<OrderIdentity>): OrderIdentity => ({ shipstationOrderId: null, store: null, customerEmail: "ann@clinic.com", ...identity });

describe("findSameOrder", () => {
  test("nothing stored with the number: a new order", () => {
    expect(findSameOrder(delivery({}), [])).toBeUndefined();
  });

  test("ShipStation's id decides where both have one", () => {
    const candidates = [stored(1, { shipstationOrderId: 10 }), stored(2, { shipstationOrderId: 11 })];
    expect(findSameOrder(delivery({ shipstationOrderId: 11 }), candidates)?.id).toBe(2);
    expect(findSameOrder(delivery({ shipstationOrderId: 12 }), candidates)).toBeUndefined();
  });

  test("the same store is the same order, even for another customer; another store is another order", () => {
    const candidates = [stored(1, { store: "Main", customerEmail: "ann@clinic.com" }), stored(2, { store: "Amazon", customerEmail: "bob@home.com" })];
    expect(findSameOrder(delivery({ store: "Main", customerEmail: "carol@clinic.com" }), candidates)?.id).toBe(1);
    expect(findSameOrder(delivery({ store: "Amazon", customerEmail: "bob@home.com" }), candidates)?.id).toBe(2);
    expect(findSameOrder(delivery({ store: "eBay", customerEmail: "ann@clinic.com" }), candidates)).toBeUndefined();
  });

  test("with a store unknown on one side, only the same customer makes it the same order", () => {
    const candidates = [stored(1, { store: "Main", customerEmail: "ann@clinic.com" }), stored(2, { store: "Amazon", customerEmail: "bob@home.com" })];
    // The API's order (no store name) of each store's customer finds that store's order.
    expect(findSameOrder(delivery({ shipstationOrderId: 7, customerEmail: "bob@home.com" }), candidates)?.id).toBe(2);
    expect(findSameOrder(delivery({ shipstationOrderId: 8, customerEmail: "ann@clinic.com" }), candidates)?.id).toBe(1);
    // An export without a store column, another customer: another store's order, never a silent move.
    expect(findSameOrder(delivery({ customerEmail: "dan@clinic.com" }), candidates)).toBeUndefined();
  });

  test("an export's order met again by the API takes the API's id; a different id there is another order", () => {
    const fromExport = stored(1, { store: "Main" });
    expect(findSameOrder(delivery({ shipstationOrderId: 5 }), [fromExport])?.id).toBe(1);
    const fromApi = stored(2, { shipstationOrderId: 5 });
    expect(findSameOrder(delivery({ shipstationOrderId: 6 }), [fromApi])).toBeUndefined();
    expect(findSameOrder(delivery({ store: "Main" }), [fromApi])?.id).toBe(2);
  });

  test("an order without an e-mail is the same order as one with its number where a store is unknown, the same e-mail first", () => {
    const waiting = stored(1, { customerEmail: "" });
    expect(findSameOrder(delivery({ customerEmail: "ann@clinic.com" }), [waiting])?.id).toBe(1);
    expect(findSameOrder(delivery({ customerEmail: "" }), [stored(2, {})])?.id).toBe(2);
    expect(findSameOrder(delivery({ customerEmail: "ann@clinic.com" }), [waiting, stored(3, {})])?.id).toBe(3);
    // Two stores named on both sides still tell two orders apart.
    expect(findSameOrder(delivery({ customerEmail: "", store: "Amazon" }), [stored(4, { store: "Main" })])).toBeUndefined();
  });
});
