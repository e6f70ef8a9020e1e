import { describe, expect, test } from "bun:test";
import { normalizeCompanyName } from "./name-normalization.ts";

const key = (name: string) => normalizeCompanyName(name)?.key ?? null;

describe("normalizeCompanyName", () => {
  test("case, punctuation and spacing do not matter", () => {
    for (const name of ["Riverside Clinic", "RIVERSIDE CLINIC", "riverside-clinic", "Riverside, Clinic.", "  River side   Clinic ", "Riverside\tClinic"]) {
      expect(key(name)).toBe("riversideclinic");
    }
  });

  test("trailing legal forms are ignored, one or several, with or without dots", () => {
    for (const name of ["Acme LLC", "Acme, L.L.C.", "Acme Inc.", "Acme Incorporated", "Acme Corp", "Acme Corporation", "Acme Co.", "Acme Company",
      "Acme Ltd", "Acme Limited", "Acme PLLC", "Acme P.C.", "Acme LLP", "Acme Co., Inc.", "Acme & Co.", "Acme and Company"]) {
      expect(key(name)).toBe("acme");
    }
  });

  test("a legal form inside the name, or as the whole name, stays", () => {
    expect(key("Co Op Lab")).toBe("cooplaboratory");
    expect(key("Acme Inc of Georgia")).toBe("acmeincofgeorgia");
    expect(key("Company")).toBe("company");
    expect(key("Smith and Sons")).toBe("smithandsons");
  });

  test("a leading 'The' is ignored, but not a name that is only 'The'", () => {
    expect(key("The Riverside Clinic")).toBe("riversideclinic");
    expect(key("the riverside clinic, llc")).toBe("riversideclinic");
    expect(key("Theta Labs")).toBe("thetalaboratories");
    expect(key("The")).toBe("the");
  });

  test("'&' reads as 'and'; apostrophes and dots join what they separate; accents are dropped", () => {
    expect(key("Smith & Sons")).toBe(key("Smith and Sons"));
    expect(key("O'Brien Health")).toBe("obrienhealth");
    expect(key("St. Mary's Lab")).toBe("stmaryslaboratory");
    expect(key("Clínica Peña")).toBe("clinicapena");
  });

  test("common abbreviations are spelled out", () => {
    expect(key("Riverside Med Ctr")).toBe(key("Riverside Medical Center"));
    expect(key("Summit Staffing Svcs")).toBe(key("Summit Staffing Services"));
    expect(key("Acme Labs")).toBe(key("Acme Laboratories"));
  });

  test("the digits of a name are kept in order", () => {
    expect(normalizeCompanyName("Store #12 - Unit 3")).toMatchObject({ key: "store12unit3", digits: "123", tokens: ["store", "12", "unit", "3"] });
    expect(normalizeCompanyName("Riverside Clinic")?.digits).toBe("");
  });

  test("nothing for a blank name, punctuation only, or an e-mail address used as the name", () => {
    expect(normalizeCompanyName("")).toBeNull();
    expect(normalizeCompanyName(" - ")).toBeNull();
    expect(normalizeCompanyName("jane.doe@gmail.com")).toBeNull();
    expect(normalizeCompanyName("Fit @ Work Clinic")?.key).toBe("fitworkclinic");
  });
});
