import { emailDomain, normalizeCustomerEmail } from "./email.ts";

/** The domain that names the customer's business, or null when the address is unreadable or from free mail. */
export function accountDomainForEmail(email: string): string | null {
  const address = normalizeCustomerEmail(email);
  if (address === null) return null;
  const domain = emailDomain(address);
  return isFreeMailDomain(domain) ? null : domain;
}

/** Whether anyone can get an address at `domain`, so it says nothing about which business a customer belongs to. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL_DOMAINS.has(domain.trim().toLowerCase());
}

export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Google, Yahoo, Microsoft, AOL, Apple
  "gmail.com", "googlemail.com",
  "yahoo.com", "yahoo.co.uk", "yahoo.ca", "yahoo.com.au", "yahoo.co.in", "yahoo.co.jp", "yahoo.com.br", "yahoo.com.mx",
  "yahoo.fr", "yahoo.de", "yahoo.es", "yahoo.it", "ymail.com", "rocketmail.com",
  "hotmail.com", "hotmail.co.uk", "hotmail.ca", "hotmail.fr", "hotmail.de", "hotmail.es", "hotmail.it",
  "outlook.com", "live.com", "live.co.uk", "live.ca", "msn.com", "passport.com",
  "aol.com", "aim.com", "icloud.com", "me.com", "mac.com",
  // Privacy and independent providers
  "protonmail.com", "protonmail.ch", "proton.me", "pm.me", "tutanota.com", "tuta.io", "fastmail.com", "fastmail.fm",
  "hushmail.com", "zoho.com", "zohomail.com", "gmx.com", "gmx.net", "gmx.de", "gmx.us", "web.de", "mail.com", "email.com",
  "usa.com", "inbox.com", "lycos.com", "juno.com", "netzero.net",
  // US internet providers
  "comcast.net", "att.net", "verizon.net", "sbcglobal.net", "bellsouth.net", "charter.net", "cox.net", "earthlink.net",
  "optonline.net", "frontier.com", "frontiernet.net", "windstream.net", "centurylink.net", "q.com", "roadrunner.com",
  "rr.com", "twc.com", "spectrum.net", "mindspring.com", "prodigy.net", "pacbell.net", "swbell.net", "ameritech.net",
  "embarqmail.com", "suddenlink.net", "mediacombb.net",
  // Providers outside the US
  "btinternet.com", "sky.com", "virginmedia.com", "ntlworld.com", "talktalk.net", "orange.fr", "wanadoo.fr", "free.fr",
  "laposte.net", "sfr.fr", "t-online.de", "freenet.de", "libero.it", "virgilio.it", "shaw.ca", "rogers.com",
  "sympatico.ca", "telus.net", "videotron.ca", "bigpond.com", "optusnet.com.au", "yandex.com", "yandex.ru", "mail.ru",
  "inbox.ru", "list.ru", "bk.ru", "rambler.ru", "qq.com", "163.com", "126.com", "sina.com", "naver.com", "hanmail.net",
  "daum.net", "rediffmail.com",
]);
