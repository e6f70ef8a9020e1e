import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../api/lists";
import { listChoice, listChoiceTitle, orderedLists, placementAfter } from "./list-types";

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
  const group = { automatic: "By order activity", pinned: "Pin to a list" };

  test("an account the rules place shows its list's name on the automatic choice; every list is offered to pin it to", () => {
    expect(listChoice({ listType: "active", listPinned: false }, LISTS)).toEqual({
      value: "automatic",
      options: [
        { value: "automatic", label: "Active", group: group.automatic },
        { value: "new", label: "New", group: group.pinned },
        { value: "active", label: "Active", group: group.pinned },
        { value: "legacy", label: "Legacy", group: group.pinned },
        { value: "clinics", label: "clinics", group: group.pinned },
        { value: "wholesale", label: "Wholesale", group: group.pinned },
      ],
    });
  });

  test("a pinned account shows its list, and offers the automatic choice by name", () => {
    const { value, options } = listChoice({ listType: "wholesale", listPinned: true }, LISTS);
    expect(value).toBe("wholesale");
    expect(options[0]).toEqual({ value: "automatic", label: "Automatic (by activity)", group: group.automatic });
    expect(listChoiceTitle({ listType: "wholesale", listPinned: true }, "Wholesale")).toBe("Wholesale: pinned by staff, whatever the account's orders");
    expect(listChoiceTitle({ listType: "new", listPinned: false }, "New")).toBe("New: by order activity");
  });

  test("offers New, Active and Legacy while the lists load", () => {
    expect(listChoice({ listType: "legacy", listPinned: false }, undefined).options.map((option) => option.label)).toEqual(["Legacy", "New", "Active", "Legacy"]);
  });

  test("adds the account's own list when it is not among them", () => {
    expect(listChoice({ listType: "gone", listPinned: true }, LISTS).options.at(-1)).toEqual({ value: "gone", label: "gone", group: group.pinned });
  });
});

describe("placementAfter", () => {
  test("a list pins; the automatic choice unpins and keeps the list until the server answers", () => {
    expect(placementAfter("legacy", { listType: "new", listPinned: false })).toEqual({ listType: "legacy", listPinned: true });
    expect(placementAfter("automatic", { listType: "legacy", listPinned: true })).toEqual({ listType: "legacy", listPinned: false });
  });
});
