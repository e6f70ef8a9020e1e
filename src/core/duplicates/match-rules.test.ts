import { describe, expect, test } from "bun:test";
import { matchAccounts, matchProfile } from "./match-rules.ts";

const account = (fields: { name?: string; domain?: string | null; phone?: string | null }, id = 1) =>
  matchProfile({ id, name: fields.name ?? `Account ${"abcdefghij"[id % 10]}xq${id}`, domain: fields.domain ?? null, phone: fields.phone ?? null });

describe("matchAccounts", () => {
  test("the same domain scores 100", () => {
    expect(matchAccounts(account({ domain: "riverside.org" }, 1), account({ domain: "riverside.org" }, 2), null)).toEqual({ score: 100, reasons: ["Same domain riverside.org"] });
  });

  test("a free-mail domain never counts, even typed in by staff", () => {
    for (const domain of ["gmail.com", "yahoo.com", "comcast.net"]) {
      expect(matchAccounts(account({ domain }, 1), account({ domain }, 2), null)).toBeNull();
    }
  });

  test("a shared e-mail scores 100", () => {
    expect(matchAccounts(account({}, 1), account({}, 2), "jane@riverside.org")).toEqual({ score: 100, reasons: ["Shared e-mail jane@riverside.org"] });
  });

  test("the same phone, however written, scores 100", () => {
    expect(matchAccounts(account({ phone: "404-555-0100" }, 1), account({ phone: "+1 (404) 555.0100" }, 2), null)).toEqual({
      score: 100,
      reasons: ["Same phone (404) 555-0100"],
    });
  });

  test("the same normalized name scores 100", () => {
    expect(matchAccounts(account({ name: "The Riverside Clinic, LLC" }, 1), account({ name: "riverside clinic" }, 2), null)).toEqual({ score: 100, reasons: ["Same name"] });
  });

  test("similar names score their similarity in whole percent", () => {
    expect(matchAccounts(account({ name: "Riverside Recovery Center" }, 1), account({ name: "Riverside Recovry Center" }, 2), null)).toEqual({
      score: 93,
      reasons: ["Similar names (93%)"],
    });
    expect(matchAccounts(account({ name: "Riverside Recovery Center" }, 1), account({ name: "Riverside Recovery Clinic" }, 2), null)).toBeNull();
  });

  test("names exactly 85% similar are flagged, 84.8% are not", () => {
    // 20 letter pairs against 20 sharing 17 (2·17/40), and 16 against 17 sharing 14 (28/33).
    expect(matchAccounts(account({ name: "Abcdefghijklmnopqrstu" }, 1), account({ name: "Abcdefghijkxmnopqrstz" }, 2), null)).toEqual({
      score: 85,
      reasons: ["Similar names (85%)"],
    });
    expect(matchAccounts(account({ name: "Abcdefghijklmnopq" }, 1), account({ name: "Abcdefgxijklmnopqz" }, 2), null)).toBeNull();
  });

  test("every rule that holds is listed, and the best one sets the score", () => {
    const match = matchAccounts(
      account({ name: "Riverside Recovery Center", domain: "riverside.org", phone: "4045550100" }, 1),
      account({ name: "Riverside Recovry Center", domain: "riverside.org", phone: "(404) 555-0100" }, 2),
      "jane@riverside.org",
    );
    expect(match).toEqual({
      score: 100,
      reasons: ["Same domain riverside.org", "Shared e-mail jane@riverside.org", "Same phone (404) 555-0100", "Similar names (93%)"],
    });
  });

  test("nothing in common is no match", () => {
    expect(matchAccounts(account({ name: "Alpha Lab", phone: "4045550100" }, 1), account({ name: "Omega Clinic", phone: "4045550199" }, 2), null)).toBeNull();
  });
});
