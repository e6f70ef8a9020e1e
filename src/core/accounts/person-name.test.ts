import { describe, expect, test } from "bun:test";
import { splitPersonName } from "./person-name.ts";

describe("splitPersonName", () => {
  test("the last word is the last name, the rest the first name", () => {
    expect(splitPersonName("Jane Roe")).toEqual({ firstName: "Jane", lastName: "Roe" });
    expect(splitPersonName("Mary Ann Smith")).toEqual({ firstName: "Mary Ann", lastName: "Smith" });
    expect(splitPersonName("Alvaro Maya")).toEqual({ firstName: "Alvaro", lastName: "Maya" });
  });

  test("spaces are trimmed and collapsed", () => {
    expect(splitPersonName("  Jonathan \t  Hernandez  ")).toEqual({ firstName: "Jonathan", lastName: "Hernandez" });
    expect(splitPersonName("Mary   Ann\nSmith")).toEqual({ firstName: "Mary Ann", lastName: "Smith" });
  });

  test("one word is a first name; nothing is two empty names", () => {
    expect(splitPersonName("Bob")).toEqual({ firstName: "Bob", lastName: "" });
    expect(splitPersonName("")).toEqual({ firstName: "", lastName: "" });
    expect(splitPersonName("   ")).toEqual({ firstName: "", lastName: "" });
  });

  test("a leading title is dropped", () => {
    expect(splitPersonName("Dr. Jane Roe")).toEqual({ firstName: "Jane", lastName: "Roe" });
    expect(splitPersonName("MRS Mary Ann Smith")).toEqual({ firstName: "Mary Ann", lastName: "Smith" });
    expect(splitPersonName("Prof. Dr. Jane Roe")).toEqual({ firstName: "Jane", lastName: "Roe" });
    expect(splitPersonName("Mr. Smith")).toEqual({ firstName: "", lastName: "Smith" });
    expect(splitPersonName("Dr.")).toEqual({ firstName: "Dr.", lastName: "" });
  });

  test("a suffix stays with the last name, without the comma before it", () => {
    expect(splitPersonName("John Smith Jr.")).toEqual({ firstName: "John", lastName: "Smith Jr." });
    expect(splitPersonName("John Smith, Jr.")).toEqual({ firstName: "John", lastName: "Smith Jr." });
    expect(splitPersonName("John Q. Public III")).toEqual({ firstName: "John Q.", lastName: "Public III" });
    expect(splitPersonName("Jane Roe, Ph.D., Esq.")).toEqual({ firstName: "Jane", lastName: "Roe Ph.D. Esq." });
    expect(splitPersonName("Dr. Martin Luther King Jr.")).toEqual({ firstName: "Martin Luther", lastName: "King Jr." });
  });

  test("a two-word name ending in what looks like a suffix keeps it as the last name", () => {
    expect(splitPersonName("John Jr.")).toEqual({ firstName: "John", lastName: "Jr." });
  });
});
