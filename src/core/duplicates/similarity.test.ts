import { describe, expect, test } from "bun:test";
import { normalizeCompanyName } from "./name-normalization.ts";
import { bigramProfile, diceCoefficient, nameSimilarity, SIMILAR_NAME_THRESHOLD } from "./similarity.ts";

const similarity = (a: string, b: string) => nameSimilarity(normalizeCompanyName(a)!, normalizeCompanyName(b)!);
const dice = (a: string, b: string) => diceCoefficient(bigramProfile(a), bigramProfile(b));

describe("diceCoefficient", () => {
  test("is twice the shared letter pairs over all of them, repeats counted", () => {
    expect(dice("night", "nacht")).toBe(0.25);
    expect(dice("abc", "abc")).toBe(1);
    expect(dice("aaaa", "aa")).toBe(0.5);
    expect(dice("ab", "cd")).toBe(0);
    expect(dice("a", "a")).toBe(0);
  });

  test("exactly at the threshold, and just below it", () => {
    // 21 letters make 20 pairs; changing the last letter and one in the middle keeps 17 of them: 2·17/40 = 0.85.
    const name = "abcdefghijklmnopqrstu";
    expect(dice(name, "abcdefghijkXmnopqrstZ")).toBe(SIMILAR_NAME_THRESHOLD);
    expect(dice(name, "abcdefghijkXmnopqrstZ")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
    // One more change in the middle keeps 15: 0.75.
    expect(dice(name, "abcdeYghijkXmnopqrstZ")).toBe(0.75);
    // 16 pairs against 17 sharing 14: 28/33 = 0.848, just under.
    expect(dice("abcdefghijklmnopq", "abcdefgXijklmnopqZ")).toBe(28 / 33);
    expect(28 / 33).toBeLessThan(SIMILAR_NAME_THRESHOLD);
  });
});

describe("nameSimilarity", () => {
  test("a typo in a company name scores high", () => {
    expect(similarity("Riverside Recovery Center", "Riverside Recovry Center")).toBeGreaterThan(0.9);
    expect(similarity("Lakeview Toxicology Lab", "Lakeveiw Toxicology Lab")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
  });

  test("reordered words still score high", () => {
    expect(similarity("Riverside Lab", "Lab Riverside")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
  });

  test("different businesses that share a long beginning stay below the threshold", () => {
    expect(similarity("Riverside Recovery Center", "Riverside Recovery Clinic")).toBeLessThan(SIMILAR_NAME_THRESHOLD);
    expect(similarity("Summit Family Medicine", "Summit Family Dentistry")).toBeLessThan(SIMILAR_NAME_THRESHOLD);
  });

  test("names with different numbers are different businesses, however alike", () => {
    expect(similarity("Concentra Clinic 12", "Concentra Clinic 13")).toBe(0);
    expect(similarity("Concentra Clinic 12", "Concentra Clinc 12")).toBeGreaterThan(0.85);
  });

  test("names that differ in a distinguishing word are not similar however many letters they share", () => {
    for (const [a, b] of [
      ["Oak Ridge Preparatory School", "Blue Ridge Preparatory School"],
      ["North Valley Recovery", "South Valley Recovery"],
      ["Northside Family Medicine", "Southside Family Medicine"],
      ["Fairview Community Health Center", "Parkview Community Health Center"],
      ["Riverside Recovery Center", "Riverside Recovery Clinic"],
    ]) {
      expect(similarity(a!, b!)).toBe(0);
    }
  });

  test("a typo is not a distinguishing word: a wrong, missing, extra or swapped letter, or a word split in two", () => {
    expect(similarity("Meadowbrook Recovery Center", "Medowbrook Recovery Center")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
    expect(similarity("Meadowbrook Recovery Center", "Meadowbrooke Recovery Center")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
    expect(similarity("Meadowbrook Recovery Center", "Meadowbrook Recoevry Center")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
    expect(similarity("Lakeview Toxicology Laboratory", "Lake View Toxicology Laboratory")).toBe(1);
  });

  test("a missing generic word is no difference, the letters decide", () => {
    expect(similarity("Cornerstone Behavioral Health Services", "Cornerstone Behavioral Health")).toBeGreaterThanOrEqual(SIMILAR_NAME_THRESHOLD);
  });

  test("equal normalized names score 1", () => {
    expect(similarity("The Acme Lab, LLC", "ACME LAB")).toBe(1);
  });
});
