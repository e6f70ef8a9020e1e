import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../../api/lists";
import { canSaveList, listFieldsOf, listFormValuesOf } from "./list-form";

const WHOLESALE: ListDefinition = { key: "wholesale", name: "Wholesale", description: null, builtIn: false };

describe("canSaveList", () => {
  test("a new list needs a name that is not blank", () => {
    expect(canSaveList(null, { name: "", description: "Anything" })).toBe(false);
    expect(canSaveList(null, { name: "   ", description: "" })).toBe(false);
    expect(canSaveList(null, { name: "Clinics", description: "" })).toBe(true);
  });

  test("an edit needs a change, spaces aside", () => {
    expect(canSaveList(WHOLESALE, listFormValuesOf(WHOLESALE))).toBe(false);
    expect(canSaveList(WHOLESALE, { name: " Wholesale ", description: "  " })).toBe(false);
    expect(canSaveList(WHOLESALE, { name: "Wholesale", description: "Distributors" })).toBe(true);
    expect(canSaveList(WHOLESALE, { name: "Distributors", description: "" })).toBe(true);
    expect(canSaveList(WHOLESALE, { name: " ", description: "Distributors" })).toBe(false);
  });
});

describe("listFieldsOf", () => {
  test("trims both fields", () => {
    expect(listFieldsOf({ name: "  Clinics ", description: " Outpatient \n" })).toEqual({ name: "Clinics", description: "Outpatient" });
  });
});
