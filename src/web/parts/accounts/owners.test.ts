import { describe, expect, test } from "bun:test";
import { ownerChoiceLabel, ownerFilterOptions, ownerNameOf } from "./owners";

const ANN = { id: 1, name: "Ann" };
const BOB = { id: 2, name: "Bob" };
const GONE = { id: 3, name: "Gone Gary" };

describe("the owner filter's choices", () => {
  test("All owners, Me, Unassigned, then each active member", () => {
    expect(ownerFilterOptions([ANN, BOB], "all").map((option) => option.label)).toEqual(["All owners", "Me", "Unassigned", "Ann", "Bob"]);
    expect(ownerFilterOptions([ANN, BOB], "2").map((option) => option.value)).toEqual(["all", "me", "none", "1", "2"]);
  });

  test("a deactivated member an old link names stays shown as chosen", () => {
    expect(ownerFilterOptions([ANN], "3", [ANN, GONE]).at(-1)).toEqual({ value: "3", label: "Gone Gary" });
  });

  test("each choice as staff say it", () => {
    expect([ownerChoiceLabel("all", []), ownerChoiceLabel("me", []), ownerChoiceLabel("none", []), ownerChoiceLabel("2", [ANN, BOB]), ownerChoiceLabel("9", [ANN])]).toEqual([
      "All owners",
      "Me",
      "Unassigned",
      "Bob",
      "A former team member",
    ]);
  });
});

describe("an account's owner by name", () => {
  test("null without one, nothing while the team loads, the name otherwise", () => {
    expect(ownerNameOf(null, [ANN])).toBeNull();
    expect(ownerNameOf(1, undefined)).toBe("");
    expect(ownerNameOf(1, [ANN])).toBe("Ann");
    expect(ownerNameOf(7, [ANN])).toBe("A former team member");
  });
});
