import { describe, expect, test } from "bun:test";
import { listTypeOptions, STANDARD_LIST_TYPES } from "./list-types";

describe("listTypeOptions", () => {
  test("offers New, Active and Legacy", () => {
    expect(listTypeOptions("active")).toBe(STANDARD_LIST_TYPES);
    expect(STANDARD_LIST_TYPES.map((option) => option.label)).toEqual(["New", "Active", "Legacy"]);
  });

  test("adds a list the account is on that is not one of them", () => {
    expect(listTypeOptions("wholesale").at(-1)).toEqual({ value: "wholesale", label: "wholesale" });
  });
});
