import { describe, expect, test } from "bun:test";
import { UnreadableValueError, unreadableValue } from "./unreadable-value.ts";

describe("unreadableValue", () => {
  test("quotes the text and adds the reason when there is one", () => {
    expect(unreadableValue("date", "2/30/2026", "2/2026 has no day 30").message).toBe('unreadable date "2/30/2026": 2/2026 has no day 30');
    expect(unreadableValue("amount", "12abc").message).toBe('unreadable amount "12abc"');
  });

  test("is an UnreadableValueError, an Error named for its class", () => {
    const error = unreadableValue("amount", "$");
    expect(error).toBeInstanceOf(UnreadableValueError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("UnreadableValueError");
    expect(new UnreadableValueError("missing order date").message).toBe("missing order date");
  });
});
