import { describe, expect, test } from "bun:test";
import { isSearchable, searchUrl } from "./search";

describe("the header search", () => {
  test("asks for text of 3 characters or more, trimmed", () => {
    expect(isSearchable(" ab ")).toBe(false);
    expect(isSearchable(" abc ")).toBe(true);
  });

  test("sends the text encoded as q", () => {
    expect(searchUrl("so-77 & co")).toBe("/api/search?q=so-77+%26+co");
  });
});
