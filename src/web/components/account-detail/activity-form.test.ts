import { describe, expect, test } from "bun:test";
import { dateTimeLocalValue, isoFromDateTimeLocal, LOGGED_ACTIVITY_OPTIONS, loggedActivityKindOf } from "./activity-form";

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

describe("datetime-local values", () => {
  test("writes local minutes with leading zeros", () => {
    expect(dateTimeLocalValue(new Date(2026, 3, 2, 9, 5, 42))).toBe("2026-04-02T09:05");
  });

  test("reads back the same local instant", () => {
    expect(isoFromDateTimeLocal("2026-04-02T09:05")).toBe(new Date(2026, 3, 2, 9, 5).toISOString());
  });
});
