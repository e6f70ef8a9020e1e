import { describe, expect, test } from "bun:test";
import { formatPersonKey, personNameKey } from "./person-key.ts";

describe("personNameKey", () => {
  test("first and last name, whatever the case, title, suffix, nickname or middle name", () => {
    for (const name of ["Jane Smith", "JANE SMITH", "Dr. Jane Smith", "Jane A. Smith", "Jane Ann Smith", 'Jane "JJ" Smith', "Jane Smith, MD", "Ms Jane Smith Jr."]) {
      expect(personNameKey(name)).toBe("jane smith");
    }
    expect(personNameKey("José Peña")).toBe("jose pena");
    expect(personNameKey("Sean O'Brien")).toBe("sean obrien");
  });

  test("different first or last names are different people", () => {
    expect(personNameKey("Jane Smith")).not.toBe(personNameKey("John Smith"));
    expect(personNameKey("Jane Smith")).not.toBe(personNameKey("Jane Smyth"));
  });

  test("nothing for fewer than two names", () => {
    expect(personNameKey("Jane")).toBeNull();
    expect(personNameKey("Dr. Smith")).toBeNull();
    expect(personNameKey("")).toBeNull();
    expect(personNameKey(null)).toBeNull();
  });

  test("reads back as staff write it", () => {
    expect(formatPersonKey("jane smith")).toBe("Jane Smith");
  });
});
