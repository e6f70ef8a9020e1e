import { describe, expect, test } from "bun:test";
import { readDeviceToken, readSessionToken } from "./session.ts";

const withCookie = (cookie: string) => new Request("http://localhost/api/auth/me", { headers: { cookie } });

describe("reading the session cookie", () => {
  test("finds the session among other cookies, spaces around names and values aside", () => {
    expect(readSessionToken(withCookie("crm_session=abc"))).toBe("abc");
    expect(readSessionToken(withCookie("theme=dark; crm_session=abc; crm_device=xyz"))).toBe("abc");
    expect(readSessionToken(withCookie("theme=dark;crm_session = abc ;other=1"))).toBe("abc");
    expect(readSessionToken(withCookie("theme=dark;\tcrm_session=abc"))).toBe("abc");
    expect(readDeviceToken(withCookie("crm_session=abc; crm_device=xyz"))).toBe("xyz");
  });

  test("is not fooled by a name that only contains it, or by its name inside another cookie's value", () => {
    expect(readSessionToken(withCookie("old_crm_session=stolen; crm_session=abc"))).toBe("abc");
    expect(readSessionToken(withCookie("crm_session_old=stolen; crm_session=abc"))).toBe("abc");
    expect(readSessionToken(withCookie("note=crm_session=stolen; crm_session=abc"))).toBe("abc");
    expect(readSessionToken(withCookie("old_crm_session=stolen"))).toBeUndefined();
    expect(readSessionToken(withCookie("note=crm_session=stolen"))).toBeUndefined();
  });

  test("takes the first of two, and none from an empty or missing cookie", () => {
    expect(readSessionToken(withCookie("crm_session=first; crm_session=second"))).toBe("first");
    expect(readSessionToken(withCookie("crm_session="))).toBeUndefined();
    expect(readSessionToken(withCookie("crm_session"))).toBeUndefined();
    expect(readSessionToken(withCookie("theme=dark"))).toBeUndefined();
    expect(readSessionToken(new Request("http://localhost/"))).toBeUndefined();
  });

  test("decodes a percent-encoded value, and takes one that is not valid encoding for no token", () => {
    expect(readSessionToken(withCookie("crm_session=a%2Bb"))).toBe("a+b");
    expect(readSessionToken(withCookie("crm_session=%E0%A4%A"))).toBeUndefined();
  });
});
