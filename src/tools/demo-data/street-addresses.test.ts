import { expect, test } from "bun:test";
import { SeededRandom } from "./random.ts";
import { retypeAddress, StreetAddressBook } from "./street-addresses.ts";
import { US_CITIES } from "./us-places.ts";

test("hands out each street line and ZIP code once, even tens of thousands in one small city", () => {
  const addresses = new StreetAddressBook();
  const random = new SeededRandom(1);
  const smallest = US_CITIES.reduce((small, city) => (city.zipSpan < small.zipSpan ? city : small));
  const places = Array.from({ length: 30_000 }, (_, index) => {
    const { address1, postalCode } = addresses.newAddress(smallest, index % 2 === 0, random);
    return `${address1}|${postalCode.slice(0, 5)}`;
  });
  expect(new Set(places).size).toBe(places.length);
});

test("retypes an address as the same place written differently: 'Avenue' for 'Ave', 'Ste' or '#' for 'Suite', the suite moved or left out", () => {
  const random = new SeededRandom(2);
  const original = { address1: "120 N Main Ave", address2: "Suite 200", postalCode: "30303" };
  const retyped = Array.from({ length: 300 }, () => retypeAddress(original, random));
  for (const address of retyped) {
    expect(address).not.toEqual(original);
    expect(address.postalCode.slice(0, 5)).toBe("30303");
    expect(address.address1.toLowerCase()).toMatch(/^120 (n|north) main (ave|avenue)(,? (suite|ste\.?|#) ?200)?$/);
  }
  const lines = new Set(retyped.flatMap((address) => [address.address1, address.address2]));
  for (const expected of ["120 N Main Avenue", "120 North Main Ave", "Ste 200", "#200", "120 N Main Ave, Suite 200", "120 N MAIN AVE"]) expect(lines).toContain(expected);
});
