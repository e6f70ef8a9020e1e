import { describe, expect, test } from "bun:test";
import { decideInlineSave, inlineSaveEnd, shownInlineValue } from "./inline-edit";

describe("decideInlineSave", () => {
  test("saves the trimmed text", () => {
    expect(decideInlineSave("Acme", "  Acme Labs ")).toEqual({ kind: "save", text: "Acme Labs" });
  });

  test("skips text that trims to the current value", () => {
    expect(decideInlineSave("Acme", " Acme  ")).toEqual({ kind: "unchanged" });
    expect(decideInlineSave(null, "   ")).toEqual({ kind: "unchanged" });
  });

  test("a case change is a change", () => {
    expect(decideInlineSave("acme", "Acme")).toEqual({ kind: "save", text: "Acme" });
  });

  test("clearing a value saves the empty text", () => {
    expect(decideInlineSave("555-0100", "  ")).toEqual({ kind: "save", text: "" });
  });
});

describe("shownInlineValue", () => {
  test("shows the stored value until the refetched value replaces the old one", () => {
    const saved = { stored: "New", replaced: "Old" };
    expect(shownInlineValue("Old", saved)).toBe("New");
    expect(shownInlineValue("New", saved)).toBe("New");
  });

  test("a value changed since wins over what was saved", () => {
    expect(shownInlineValue("Newer", { stored: "New", replaced: "Old" })).toBe("Newer");
  });

  test("without a save, shows the value", () => {
    expect(shownInlineValue(null, null)).toBeNull();
    expect(shownInlineValue("x", null)).toBe("x");
  });
});

describe("inlineSaveEnd", () => {
  test("a stored value closes the field on the value the server stored", () => {
    expect(inlineSaveEnd({ ok: true, value: "jo@clinic.com" }, "old@clinic.com")).toEqual({ mode: "viewing", saved: { stored: "jo@clinic.com", replaced: "old@clinic.com" } });
  });

  test("a refused save keeps the field open, with the text typed", () => {
    expect(inlineSaveEnd({ ok: false }, "old@clinic.com")).toEqual({ mode: "editing" });
  });
});
