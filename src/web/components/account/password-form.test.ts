import { describe, expect, test } from "bun:test";
import { canChangePassword, canChoosePassword, confirmationError, NEW_PASSWORD_HINT } from "./password-form";

describe("password forms", () => {
  test("the hint states the server's minimum length", () => {
    expect(NEW_PASSWORD_HINT).toStartWith("At least 10 characters");
  });

  test("changing needs both the current and the new password", () => {
    expect(canChangePassword({ currentPassword: "old one", newPassword: "" })).toBe(false);
    expect(canChangePassword({ currentPassword: "", newPassword: "a new one" })).toBe(false);
    expect(canChangePassword({ currentPassword: "old one", newPassword: "a new one" })).toBe(true);
  });

  test("choosing needs the new password confirmed; a mismatch is said once the confirmation is typed", () => {
    const form = { currentPassword: "one-time", newPassword: "my own passphrase", confirmation: "" };
    expect(confirmationError(form)).toBeUndefined();
    expect(canChoosePassword(form)).toBe(false);
    expect(confirmationError({ ...form, confirmation: "my own" })).toBe("The passwords do not match");
    expect(canChoosePassword({ ...form, confirmation: "my own" })).toBe(false);
    expect(confirmationError({ ...form, confirmation: "my own passphrase" })).toBeUndefined();
    expect(canChoosePassword({ ...form, confirmation: "my own passphrase" })).toBe(true);
  });
});
