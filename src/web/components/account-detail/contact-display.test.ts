import { describe, expect, test } from "bun:test";
import type { Contact } from "../../api/contacts";
import { contactFullName, primaryContactOf } from "./contact-display";

function contact(id: number, isPrimary: boolean): Contact {
  return { id, accountId: 1, firstName: "Ann", lastName: `Lee ${id}`, email: null, phone: null, title: null, isPrimary };
}

describe("primaryContactOf", () => {
  test("takes the contact flagged primary", () => {
    expect(primaryContactOf([contact(1, false), contact(2, true)])?.id).toBe(2);
  });

  test("else the first, else none", () => {
    expect(primaryContactOf([contact(3, false), contact(4, false)])?.id).toBe(3);
    expect(primaryContactOf([])).toBeNull();
  });
});

describe("contactFullName", () => {
  test("joins first and last name", () => {
    expect(contactFullName({ firstName: "Ann", lastName: "Lee" })).toBe("Ann Lee");
    expect(contactFullName({ firstName: "Ann", lastName: "" })).toBe("Ann");
  });
});
