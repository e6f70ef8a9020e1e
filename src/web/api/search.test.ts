import { describe, expect, test } from "bun:test";
import { isSearchable, matchDescription, searchUrl } from "./search";

describe("the header search", () => {
  test("asks for text of 3 characters or more, trimmed", () => {
    expect(isSearchable(" ab ")).toBe(false);
    expect(isSearchable(" abc ")).toBe(true);
  });

  test("sends the text encoded as q", () => {
    expect(searchUrl("so-77 & co")).toBe("/api/search?q=so-77+%26+co");
  });

  test("says why a hit was found, except by its name", () => {
    expect(matchDescription({ matchedOn: "order", matchedText: "ZZ-9" })).toBe("Order ZZ-9");
    expect(matchDescription({ matchedOn: "contact", matchedText: "Tina Desk" })).toBe("Contact: Tina Desk");
    expect(matchDescription({ matchedOn: "phone", matchedText: "+18135550106;ext=4" })).toBe("Phone: (813) 555-0106 x4");
    expect(matchDescription({ matchedOn: "phone", matchedText: "+44 20 7946 0958" })).toBe("Phone: +44 20 7946 0958");
    expect(matchDescription({ matchedOn: "email", matchedText: "tina@desk.com" })).toBe("Email: tina@desk.com");
    expect(matchDescription({ matchedOn: "domain", matchedText: "desk.com" })).toBe("Domain: desk.com");
    expect(matchDescription({ matchedOn: "name", matchedText: "Desk Supply" })).toBeUndefined();
  });
});
