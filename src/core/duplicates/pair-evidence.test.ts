import { describe, expect, test } from "bun:test";
import { matchProfile, weighEvidence, WIDELY_SHARED, type AccountFacts, type CountSharers } from "./pair-evidence.ts";

let nextId = 1;
/** An account with nothing in common with any other unless the test gives it something. */
const account = (facts: Partial<Omit<AccountFacts, "id">>) =>
  matchProfile({
    id: nextId++,
    // Without a number, which would keep it from pairing with anything: 'Account bc' for id 12.
    name: facts.name ?? `Account ${[...String(nextId)].map((digit) => "abcdefghij"[Number(digit)]).join("")}`,
    domain: facts.domain ?? null,
    phone: facts.phone ?? null,
    contactName: facts.contactName ?? null,
    shipToStreet: facts.shipToStreet ?? null,
    shipToPostalCode: facts.shipToPostalCode ?? null,
  });
const twoSharers: CountSharers = () => 2;
const weigh = (a: Partial<AccountFacts>, b: Partial<AccountFacts>, sharedEmail: string | null = null, countSharers = twoSharers) =>
  weighEvidence(account(a), account(b), sharedEmail, countSharers);
const reasonsOf = (a: Partial<AccountFacts>, b: Partial<AccountFacts>, sharedEmail: string | null = null) => weigh(a, b, sharedEmail)?.reasons ?? null;

const riverside = { name: "Riverside Recovery Center", domain: "riversiderecovery.org" };
const office = { shipToStreet: "120 Main Street, Suite 200", shipToPostalCode: "30303" };

describe("weighEvidence", () => {
  describe("strong evidence flags a pair alone", () => {
    test("a shared e-mail, and only that, scores 100", () => {
      expect(weigh({}, {}, "jane@riverside.org")).toEqual({ score: 100, reasons: ["Shared e-mail jane@riverside.org"] });
      expect(weigh(riverside, { ...riverside, phone: "404-555-0100" }, null)!.score).toBeLessThan(100);
    });

    test("the same business domain with a similar, equal or related name", () => {
      expect(reasonsOf(riverside, { name: "Riverside Recovry Center", domain: riverside.domain })).toEqual([
        "Same domain riversiderecovery.org",
        "Similar names (93%)",
      ]);
      expect(reasonsOf(riverside, { name: "The Riverside Recovery Center, LLC", domain: riverside.domain })).toEqual(["Same domain riversiderecovery.org", "Same name"]);
      expect(reasonsOf(riverside, { name: "Riverside Recovery Center Billing", domain: riverside.domain })).toEqual(["Same domain riversiderecovery.org", "Related names"]);
    });

    test("the same ship-to address, however written, with a similar name", () => {
      expect(reasonsOf({ name: "Riverside Recovery Center", ...office }, { name: "Riverside Recovery Cener", shipToStreet: "120 MAIN ST. STE 200", shipToPostalCode: "30303-1234" })).toEqual([
        "Same address 120 Main St, 30303",
        "Similar names (93%)",
      ]);
    });
  });

  describe("a weak sign alone is not enough", () => {
    test("a business domain, an address or a phone alone", () => {
      expect(weigh({ domain: "bayhealth.org" }, { domain: "bayhealth.org" })).toBeNull();
      expect(weigh(office, { shipToStreet: "120 Main St #310", shipToPostalCode: "30303" })).toBeNull();
      // A shared phone was once shown as a "100% match" between a person and an electrician.
      expect(weigh({ name: "Aaliyah Adams", phone: "(813) 555-0106" }, { name: "Peterson Electric", phone: "813-555-0106" })).toBeNull();
    });

    test("an equal or similar name alone", () => {
      expect(weigh({ name: "Riverside Family Medicine" }, { name: "Riverside Family Medicine, PLLC" })).toBeNull();
      expect(weigh({ name: "Riverside Recovery Center" }, { name: "Riverside Recovry Center" })).toBeNull();
    });

    test("two people of the same name on free mail", () => {
      const adam = { name: "Adam Jones", contactName: "Adam Jones", domain: "gmail.com" };
      expect(weigh(adam, { ...adam, domain: "yahoo.com" })).toBeNull();
    });
  });

  describe("two independent weak signs flag a pair", () => {
    test("a phone and an equal name", () => {
      expect(reasonsOf({ name: "Summit Staffing", phone: "4045550100" }, { name: "SUMMIT STAFFING INC", phone: "+1 (404) 555-0100 ext. 12" })).toEqual([
        "Same phone (404) 555-0100",
        "Same name",
      ]);
    });

    test("one person's name with their phone or address", () => {
      const jane = { name: "Jane Doe", contactName: "Jane Doe" };
      expect(reasonsOf({ ...jane, phone: "4045550100" }, { name: "jane doe", contactName: "Dr. Jane A. Doe", phone: "404.555.0100" })).toEqual([
        "Same phone (404) 555-0100",
        "Same person name",
      ]);
      expect(reasonsOf({ ...jane, ...office }, { ...jane, shipToStreet: "120 Main St.", shipToPostalCode: "30303" })).toEqual(["Same address 120 Main St, 30303", "Same person name"]);
    });

    test("a similar company name and the same contact person", () => {
      expect(reasonsOf({ name: "Lakeview Toxicology Lab", contactName: "Omar Haddad" }, { name: "Lakeveiw Toxicology Lab", contactName: "Omar Haddad" })).toEqual([
        "Similar names (88%)",
        "Same contact person Omar Haddad",
      ]);
    });

    test("the score grows with the evidence and never reaches 100 without a shared e-mail", () => {
      const two = weigh({ name: "Summit Staffing", phone: "4045550100" }, { name: "Summit Staffing", phone: "4045550100" })!.score;
      const four = weigh(
        { name: "Summit Staffing", phone: "4045550100", domain: "summitstaffing.com", ...office },
        { name: "Summit Staffing", phone: "4045550100", domain: "summitstaffing.com", ...office },
      )!.score;
      expect(two).toBeGreaterThanOrEqual(67);
      expect(four).toBeGreaterThan(two);
      expect(four).toBeLessThan(100);
    });
  });

  describe("look-alikes", () => {
    test("sister organizations that differ in a distinguishing word are not similar, even with a weak sign", () => {
      for (const [a, b] of [
        ["Oak Ridge Preparatory School", "Blue Ridge Preparatory School"],
        ["North Valley Recovery", "South Valley Recovery"],
        ["Fairview Community Health Center", "Parkview Community Health Center"],
        ["Riverside Recovery Center", "Riverside Recovery Clinic"],
      ]) {
        expect(weigh({ name: a, phone: "4045550100" }, { name: b, phone: "4045550100" })).toBeNull();
      }
    });

    test("names with different numbers never pair, whatever else they share", () => {
      expect(weigh({ name: "Concentra Clinic 12", ...office, domain: "concentra.com" }, { name: "Concentra Clinic 14", ...office, domain: "concentra.com" }, "ap@concentra.com")).toBeNull();
      expect(weigh({ name: "Concentra Clinic 12", domain: "concentra.com" }, { name: "Concentra Clinic", domain: "concentra.com" })).not.toBeNull();
    });

    test(`a value more than ${WIDELY_SHARED} accounts share counts half: a partner's phone and warehouse do not pair their customers`, () => {
      const partner = { phone: "8005550199", shipToStreet: "4500 Commerce Pkwy", shipToPostalCode: "89118" };
      const crowd: CountSharers = () => WIDELY_SHARED + 1;
      expect(weigh(partner, partner, null, crowd)).toBeNull();
      const withName = weigh({ ...partner, name: "Serenity House" }, { ...partner, name: "Serenity House" }, null, (kind) => (kind === "name" ? 2 : 30));
      expect(withName?.reasons).toEqual(["Same address 4500 Commerce Pkwy, 89118 (shared by 30 accounts)", "Same phone (800) 555-0199 (shared by 30 accounts)", "Same name"]);
      expect(weigh(partner, partner, null, () => 51)).toBeNull();
      expect(weigh({ ...partner, name: "Serenity House" }, { ...partner, name: "Serenity House" }, null, () => 51)).toBeNull();
    });

    test("a common person's name counts half, so a namesake needs strong evidence", () => {
      const common: CountSharers = (kind) => (kind === "name" || kind === "person" ? 12 : 2);
      const james = { name: "James Smith", contactName: "James Smith" };
      expect(weigh({ ...james, phone: "4045550100" }, { ...james, phone: "4045550100" }, null, common)?.reasons).toEqual([
        "Same phone (404) 555-0100",
        "Same person name (shared by 12 accounts)",
      ]);
      expect(weigh({ ...james, shipToStreet: "9 Elm St", shipToPostalCode: "30303" }, { ...james, shipToStreet: "9 Elm St", shipToPostalCode: "30303" }, null, (kind) => (kind === "address" ? 6 : 12))).toBeNull();
    });
  });
});
