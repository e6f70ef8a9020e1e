import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../../api/lists";
import { listTypeOptions, orderedLists, STANDARD_LIST_TYPES } from "./list-types";

function list(key: string, name: string, builtIn = false): ListDefinition {
  return { key, name, description: null, builtIn };
}

const LISTS: readonly ListDefinition[] = [
  list("wholesale", "Wholesale"),
  list("legacy", "Legacy", true),
  list("clinics", "clinics"),
  list("new", "New", true),
  list("active", "Active", true),
];

describe("orderedLists", () => {
  test("puts New, Active and Legacy first, then custom lists by name whatever their case", () => {
    expect(orderedLists(LISTS).map((entry) => entry.key)).toEqual(["new", "active", "legacy", "clinics", "wholesale"]);
  });
});

describe("listTypeOptions", () => {
  test("offers New, Active and Legacy while the lists load", () => {
    expect(listTypeOptions("active", undefined)).toBe(STANDARD_LIST_TYPES);
    expect(STANDARD_LIST_TYPES.map((option) => option.label)).toEqual(["New", "Active", "Legacy"]);
  });

  test("offers the custom lists after the built-in ones, by name", () => {
    expect(listTypeOptions("active", LISTS)).toEqual([
      { value: "new", label: "New" },
      { value: "active", label: "Active" },
      { value: "legacy", label: "Legacy" },
      { value: "clinics", label: "clinics" },
      { value: "wholesale", label: "Wholesale" },
    ]);
  });

  test("adds the account's own list when it is not among them", () => {
    expect(listTypeOptions("wholesale", undefined).at(-1)).toEqual({ value: "wholesale", label: "wholesale" });
    expect(listTypeOptions("gone", LISTS).at(-1)).toEqual({ value: "gone", label: "gone" });
  });
});
