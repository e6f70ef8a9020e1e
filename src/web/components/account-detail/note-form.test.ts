import { describe, expect, test } from "bun:test";
import { isEditedNote, noteFieldsOf } from "./note-form";

describe("noteFieldsOf", () => {
  test("trims both fields", () => {
    expect(noteFieldsOf({ title: " Follow-up ", content: "  Call back Monday.\n" })).toEqual({ title: "Follow-up", content: "Call back Monday." });
  });

  test("a blank title is sent as null", () => {
    expect(noteFieldsOf({ title: "   ", content: "x" }).title).toBeNull();
  });
});

describe("isEditedNote", () => {
  test("edited when updated after it was created", () => {
    expect(isEditedNote({ createdAt: "2026-04-02T14:00:00.000Z", updatedAt: "2026-04-02T15:30:00.000Z" })).toBe(true);
  });

  test("not edited when both times are the same instant", () => {
    expect(isEditedNote({ createdAt: "2026-04-02T14:00:00.000Z", updatedAt: "2026-04-02T14:00:00Z" })).toBe(false);
  });
});
