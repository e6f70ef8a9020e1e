import { describe, expect, test } from "bun:test";
import type { ListDefinition } from "../../api/lists";
import type { TeamMember } from "../../api/team";
import { bulkActionOf, bulkActionQuestion, setListOptions, setOwnerOptions } from "./bulk-actions";

const LISTS: ListDefinition[] = [
  { key: "key-accounts", name: "Key Accounts", description: null, builtIn: false },
  { key: "new", name: "New", description: null, builtIn: true },
];
const SAM = { id: 7, name: "Sam Seller" } as TeamMember;

describe("the bulk bar's pickers", () => {
  test("'Set list' offers the automatic choice, then every list, built-in first", () => {
    expect(setListOptions(LISTS).map((option) => option.value)).toEqual(["", "automatic", "new", "key-accounts"]);
    expect(setListOptions(undefined).map((option) => option.value)).toEqual(["", "automatic", "new", "active", "legacy"]);
  });

  test("'Set owner' offers nobody, then the team", () => {
    expect(setOwnerOptions([SAM])).toEqual([
      { value: "", label: "Set owner…" },
      { value: "none", label: "No owner" },
      { value: "7", label: "Sam Seller" },
    ]);
  });

  test("a choice is the action POST /api/accounts/bulk takes; the picker's label is none", () => {
    expect(bulkActionOf("list", "key-accounts")).toEqual({ kind: "setList", listType: "key-accounts" });
    expect(bulkActionOf("list", "automatic")).toEqual({ kind: "setList", listType: "automatic" });
    expect(bulkActionOf("owner", "7")).toEqual({ kind: "setOwner", ownerUserId: 7 });
    expect(bulkActionOf("owner", "none")).toEqual({ kind: "setOwner", ownerUserId: null });
    expect(bulkActionOf("list", "")).toBeNull();
  });
});

describe("the question before an action on all matching accounts", () => {
  test("names how many accounts and what happens to them", () => {
    expect(bulkActionQuestion({ kind: "setList", listType: "key-accounts" }, 1234, LISTS, [SAM])).toEqual({
      title: "Move 1,234 accounts?",
      message: "Every account the filters match, on every page, moves to Key Accounts, pinned there whatever its orders.",
      confirmLabel: "Move 1,234 accounts",
    });
    expect(bulkActionQuestion({ kind: "setList", listType: "automatic" }, 2, LISTS, [SAM]).message).toContain("goes back to the list its order activity gives it");
    expect(bulkActionQuestion({ kind: "setOwner", ownerUserId: 7 }, 1, LISTS, [SAM])).toEqual({
      title: "Change the owner of 1 account?",
      message: "Every account the filters match, on every page, is given to Sam Seller.",
      confirmLabel: "Change 1 account",
    });
    expect(bulkActionQuestion({ kind: "setOwner", ownerUserId: null }, 3, LISTS, [SAM]).message).toContain("is left without an owner");
  });
});
