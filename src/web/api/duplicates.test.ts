import { describe, expect, test } from "bun:test";
import { dismissDuplicateUrl, duplicateCandidatesUrl } from "./duplicates";

describe("the duplicates API's addresses", () => {
  test("an account's candidates sit under the account, so that its changes refresh them", () => {
    expect(duplicateCandidatesUrl(7)).toBe("/api/accounts/7/duplicates");
  });

  test("dismissing names both accounts of the pair", () => {
    expect(dismissDuplicateUrl(7, 12)).toBe("/api/accounts/7/duplicates/12/dismiss");
  });
});
