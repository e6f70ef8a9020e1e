import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../../api/lists";
import { listChoice, orderedLists, placementAfter } from "./list-types";

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

describe("listChoice", () => {
  test("an account the rules place shows its list on the automatic choice, then offers every list to pin it to", () => {
    expect(listChoice({ listType: "active", listPinned: false }, LISTS)).toEqual({
      value: "automatic",
      options: [
        { value: "automatic", label: "Active (auto)" },
        { value: "new", label: "New" },
        { value: "active", label: "Active" },
        { value: "legacy", label: "Legacy" },
        { value: "clinics", label: "clinics" },
        { value: "wholesale", label: "Wholesale" },
      ],
    });
  });

  test("a pinned account shows its list marked pinned, and offers the automatic choice", () => {
    const { value, options } = listChoice({ listType: "wholesale", listPinned: true }, LISTS);
    expect(value).toBe("wholesale");
    expect(options[0]).toEqual({ value: "automatic", label: "Automatic (by activity)" });
    expect(options.find((option) => option.value === "wholesale")?.label).toBe("Wholesale (pinned)");
    expect(options.find((option) => option.value === "legacy")?.label).toBe("Legacy");
  });

  test("offers New, Active and Legacy while the lists load", () => {
    expect(listChoice({ listType: "legacy", listPinned: false }, undefined).options.map((option) => option.label)).toEqual(["Legacy (auto)", "New", "Active", "Legacy"]);
  });

  test("adds the account's own list when it is not among them", () => {
    expect(listChoice({ listType: "gone", listPinned: true }, LISTS).options.at(-1)).toEqual({ value: "gone", label: "gone (pinned)" });
  });
});

describe("placementAfter", () => {
  test("a list pins; the automatic choice unpins and keeps the list until the server answers", () => {
    expect(placementAfter("legacy", { listType: "new", listPinned: false })).toEqual({ listType: "legacy", listPinned: true });
    expect(placementAfter("automatic", { listType: "legacy", listPinned: true })).toEqual({ listType: "legacy", listPinned: false });
  });
});
