import { invalid } from "../errors.ts";

/**
 * How the CRM sends e-mail, from the environment, read in this one place:
 *   CRM_MAIL_SMTP    smtps://user:password@host:465 (TLS from the first byte), or smtp://user:password@host:587
 *                    (STARTTLS when the server offers it); user and password are percent-encoded as in any URL.
 *   CRM_MAIL_FROM    the sender, `address` or `Name <address>`; by default the SMTP user when that is an
 *                    e-mail address (most providers refuse any other sender for that login).
 *   CRM_PUBLIC_URL   the address staff open the CRM at (https://crm.example.com), which e-mailed links point to.
 * Without CRM_MAIL_SMTP the CRM sends nothing. A wrong value is refused naming its variable, so that `crm
 * serve` stops at start rather than failing at the first e-mail.
 */
export interface MailSettings {
  smtp: {
    host: string;
    port: number;
    /** TLS from the first byte (smtps:); otherwise STARTTLS when the server offers it. */
    secure: boolean;
    user: string | null;
    password: string | null;
  };
  /** The From header: `address` or `Name <address>`. */
  from: string;
  /** CRM_PUBLIC_URL without a trailing slash; null when not set. */
  publicUrl: string | null;
}

/** The mail settings the environment gives, or null when CRM_MAIL_SMTP is not set (no e-mail is sent). */
export function readMailSettings(env: Record<string, string | undefined>): MailSettings | null {
  const publicUrl = readPublicUrl(env.CRM_PUBLIC_URL);
  const smtpSetting = env.CRM_MAIL_SMTP?.trim();
  if (!smtpSetting) return null;
  const smtp = parseSmtpUrl(smtpSetting);
  return { smtp, from: readFrom(env.CRM_MAIL_FROM, smtp.user), publicUrl };
}

const SMTP_EXAMPLE = "smtps://user:password@smtp.example.com:465";

function parseSmtpUrl(setting: string): MailSettings["smtp"] {
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    throw invalid("CRM_MAIL_SMTP", `CRM_MAIL_SMTP is not a URL: write it as ${SMTP_EXAMPLE}`);
  }
  if (url.protocol !== "smtps:" && url.protocol !== "smtp:") {
    throw invalid("CRM_MAIL_SMTP", `CRM_MAIL_SMTP must start with smtps:// or smtp://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw invalid("CRM_MAIL_SMTP", `CRM_MAIL_SMTP names no host: write it as ${SMTP_EXAMPLE}`);
  const secure = url.protocol === "smtps:";
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw invalid("CRM_MAIL_SMTP", "CRM_MAIL_SMTP's user or password has a % that starts no percent-encoding (write % as %25)");
    }
  };
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decode(url.username) : null,
    password: url.password ? decode(url.password) : null,
  };
}

/** One address: something@domain, nothing around it but an optional display name in `Name <address>`. */
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^\s@<>]+@[^\s@<>]+)>$/;

function readFrom(setting: string | undefined, smtpUser: string | null): string {
  const from = setting?.trim();
  if (from) {
    if (!ADDRESS.test(from) && !NAMED_ADDRESS.test(from)) throw invalid("CRM_MAIL_FROM", `CRM_MAIL_FROM must be an e-mail address or Name <address>, not "${from}"`);
    return from;
  }
  if (smtpUser && ADDRESS.test(smtpUser)) return smtpUser;
  throw invalid("CRM_MAIL_FROM", "CRM_MAIL_FROM is needed: the CRM_MAIL_SMTP user is not an e-mail address the mail could come from");
}

function readPublicUrl(setting: string | undefined): string | null {
  const value = setting?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid("CRM_PUBLIC_URL", `CRM_PUBLIC_URL is not a URL: write it as https://crm.example.com`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid("CRM_PUBLIC_URL", "CRM_PUBLIC_URL must start with https:// or http://");
  if (url.search || url.hash || url.username) throw invalid("CRM_PUBLIC_URL", "CRM_PUBLIC_URL is the CRM's address alone, without a query, fragment or user");
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}
