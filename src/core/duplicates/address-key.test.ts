import { describe, expect, test } from "bun:test";
import { formatAddressKey, shipToAddressKey } from "./address-key.ts";

describe("shipToAddressKey", () => {
  test("suffixes, directions, case and punctuation are read the same however typed", () => {
    const key = shipToAddressKey("120 North Main Street", "30303");
    for (const street of ["120 N. Main St.", "120 n main st", "120 NORTH MAIN STREET", "120 N Main Str"]) expect(shipToAddressKey(street, "30303")).toBe(key);
    expect(shipToAddressKey("4500 Peachtree Avenue", "30303")).toBe(shipToAddressKey("4500 Peachtree Ave.", "30303"));
    expect(shipToAddressKey("77 Sunset Boulevard", "30303")).toBe(shipToAddressKey("77 Sunset Blvd", "30303"));
    expect(shipToAddressKey("P.O. Box 12", "30303")).toBe(shipToAddressKey("PO Box 12", "30303"));
  });

  test("a suite, unit, apartment or floor in the street line is left out", () => {
    const key = shipToAddressKey("120 Main St", "30303");
    for (const street of ["120 Main Street, Suite 200", "120 Main St Ste. 200", "120 Main St #200", "120 Main St Unit B-4", "120 Main St, Floor 3", "120 Main St Apt 4"]) {
      expect(shipToAddressKey(street, "30303")).toBe(key);
    }
  });

  test("a ZIP+4 is its five digits; other postal codes keep their letters and digits", () => {
    expect(shipToAddressKey("120 Main St", "30303-1234")).toBe(shipToAddressKey("120 Main St", "30303"));
    expect(shipToAddressKey("120 Main St", "k1a 0b1")).toBe("120 main st|K1A0B1");
  });

  test("another house number, street or ZIP is another place", () => {
    const key = shipToAddressKey("120 Main St", "30303");
    expect(shipToAddressKey("122 Main St", "30303")).not.toBe(key);
    expect(shipToAddressKey("120 Main Ave", "30303")).not.toBe(key);
    expect(shipToAddressKey("120 Main St", "30304")).not.toBe(key);
  });

  test("nothing without a street line or a postal code", () => {
    expect(shipToAddressKey("", "30303")).toBeNull();
    expect(shipToAddressKey(null, "30303")).toBeNull();
    expect(shipToAddressKey("120 Main St", "")).toBeNull();
    expect(shipToAddressKey("120 Main St", null)).toBeNull();
    expect(shipToAddressKey("Suite 200", "30303")).toBeNull();
  });

  test("reads back as staff write it", () => {
    expect(formatAddressKey(shipToAddressKey("120 North Main Street, Suite 200", "30303-1234")!)).toBe("120 N Main St, 30303");
  });
});
