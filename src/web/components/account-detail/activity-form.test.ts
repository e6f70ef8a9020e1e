import { describe, expect, test } from "bun:test";
import { LOGGED_ACTIVITY_OPTIONS, loggedActivityKindOf } from "./activity-form";

describe("logged activity kinds", () => {
  test("offers Call, E-mail, Meeting and Other", () => {
    expect(LOGGED_ACTIVITY_OPTIONS).toEqual([
      { value: "call", label: "Call" },
      { value: "email", label: "E-mail" },
      { value: "meeting", label: "Meeting" },
      { value: "other", label: "Other" },
    ]);
    expect(loggedActivityKindOf("meeting")).toBe("meeting");
    expect(loggedActivityKindOf("fax")).toBe("other");
  });
});
