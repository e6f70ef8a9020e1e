import { describe, expect, test } from "bun:test";
import { accountDomainForEmail, FREE_MAIL_DOMAINS, isFreeMailDomain } from "./free-mail.ts";

describe("isFreeMailDomain", () => {
  test("knows the big providers and US internet providers, in any case", () => {
    for (const domain of ["gmail.com", "googlemail.com", "yahoo.com", "yahoo.co.uk", "ymail.com", "hotmail.com", "outlook.com", "live.com",
      "msn.com", "aol.com", "icloud.com", "me.com", "mac.com", "protonmail.com", "proton.me", "gmx.com", "mail.com", "zoho.com",
      "comcast.net", "att.net", "verizon.net", "sbcglobal.net", "bellsouth.net", "charter.net", "cox.net", "earthlink.net", "yandex.com"]) {
      expect(isFreeMailDomain(domain)).toBe(true);
    }
    expect(isFreeMailDomain(" GMail.com ")).toBe(true);
  });

  test("business domains and look-alikes are not free mail", () => {
    for (const domain of ["acme.com", "gmail.co", "mail.gmail.com", "notgmail.com", "yahoo.com.evil.io", ""]) {
      expect(isFreeMailDomain(domain)).toBe(false);
    }
  });

  test("the list holds only lower-case bare domains", () => {
    expect(FREE_MAIL_DOMAINS.size).toBeGreaterThan(80);
    for (const domain of FREE_MAIL_DOMAINS) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
  });
});

describe("accountDomainForEmail", () => {
  test("is the business's domain", () => {
    expect(accountDomainForEmail("buyer@acme-supply.com")).toBe("acme-supply.com");
    expect(accountDomainForEmail(" <Orders@Acme.CO.UK> ")).toBe("acme.co.uk");
  });

  test("is null for free mail and for unreadable addresses", () => {
    expect(accountDomainForEmail("jane.doe@gmail.com")).toBeNull();
    expect(accountDomainForEmail("JANE@Hotmail.com")).toBeNull();
    expect(accountDomainForEmail("not an address")).toBeNull();
  });
});
