import { describe, expect, test } from "bun:test";
import { PASSWORD_MIN_LENGTH } from "../../contracts/auth.ts";
import { DomainError } from "../errors.ts";
import { checkChosenPassword } from "./password-policy.ts";

function refusal(password: string, email = "pat.seller@example.com"): { field?: string; message: string } | null {
  try {
    checkChosenPassword("newPassword", password, email);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { field: error.field, message: error.message };
  }
}

describe("checkChosenPassword", () => {
  test("takes a password of ten characters or more that is neither common nor the e-mail", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(refusal("ten chars!")).toBeNull();
    expect(refusal("correct horse battery")).toBeNull();
  });

  test("refuses one shorter than ten characters or longer than 256, naming the field", () => {
    expect(refusal("nine char")).toEqual({ field: "newPassword", message: "newPassword must be at least 10 characters" });
    expect(refusal("x".repeat(257))).toEqual({ field: "newPassword", message: "newPassword must be at most 256 characters" });
  });

  test("refuses the e-mail address or its name part, whatever their case", () => {
    const message = { field: "newPassword", message: "newPassword must not be the e-mail address" };
    expect(refusal("Pat.Seller@Example.com")).toEqual(message);
    expect(refusal("PAT.SELLER")).toEqual(message);
  });

  test("refuses the most common passwords whatever their case", () => {
    for (const common of ["1234567890", "Password123", "QWERTYUIOP", "iloveyou123", "Correct Horse Battery Staple"]) {
      expect(refusal(common)).toEqual({ field: "newPassword", message: "newPassword is one of the most common passwords: choose one that is harder to guess" });
    }
  });
});
