import { describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import { readMailSettings } from "./mail-settings.ts";

function refusal(env: Record<string, string>): { field?: string; message: string } {
  try {
    readMailSettings(env);
  } catch (error) {
    if (error instanceof DomainError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("readMailSettings", () => {
  test("sends nothing without CRM_MAIL_SMTP", () => {
    expect(readMailSettings({})).toBeNull();
    expect(readMailSettings({ CRM_MAIL_SMTP: "  ", CRM_MAIL_FROM: "crm@example.com" })).toBeNull();
  });

  test("smtps:// is TLS from the first byte on 465 by default; the sender defaults to the SMTP user", () => {
    expect(readMailSettings({ CRM_MAIL_SMTP: "smtps://crm%40example.com:p%40ss%3Aword@smtp.example.com" })).toEqual({
      smtp: { host: "smtp.example.com", port: 465, secure: true, user: "crm@example.com", password: "p@ss:word" },
      from: "crm@example.com",
      publicUrl: null,
    });
  });

  test("smtp:// is STARTTLS on 587 by default, or the port given; CRM_MAIL_FROM and CRM_PUBLIC_URL are taken as given", () => {
    expect(
      readMailSettings({ CRM_MAIL_SMTP: "smtp://mailer:secret@127.0.0.1:2525", CRM_MAIL_FROM: "Supply CRM <crm@example.com>", CRM_PUBLIC_URL: "https://crm.example.com/" }),
    ).toEqual({
      smtp: { host: "127.0.0.1", port: 2525, secure: false, user: "mailer", password: "secret" },
      from: "Supply CRM <crm@example.com>",
      publicUrl: "https://crm.example.com",
    });
    expect(readMailSettings({ CRM_MAIL_SMTP: "smtp://relay.internal", CRM_MAIL_FROM: "crm@example.com" })?.smtp).toEqual({
      host: "relay.internal",
      port: 587,
      secure: false,
      user: null,
      password: null,
    });
    expect(readMailSettings({ CRM_MAIL_SMTP: "smtp://relay.internal", CRM_MAIL_FROM: "crm@example.com", CRM_PUBLIC_URL: "http://10.0.0.5:3000/crm/" })?.publicUrl).toBe(
      "http://10.0.0.5:3000/crm",
    );
  });

  test("a wrong value is refused naming its variable, and never echoes the password", () => {
    expect(refusal({ CRM_MAIL_SMTP: "smtp.example.com:465" })).toEqual({
      field: "CRM_MAIL_SMTP",
      message: "CRM_MAIL_SMTP must start with smtps:// or smtp://, not smtp.example.com://",
    });
    expect(refusal({ CRM_MAIL_SMTP: "https://user:hunter2@smtp.example.com" })).toEqual({ field: "CRM_MAIL_SMTP", message: "CRM_MAIL_SMTP must start with smtps:// or smtp://, not https://" });
    expect(refusal({ CRM_MAIL_SMTP: "not a url" }).field).toBe("CRM_MAIL_SMTP");
    expect(refusal({ CRM_MAIL_SMTP: "smtps://user:100%@smtp.example.com" })).toEqual({
      field: "CRM_MAIL_SMTP",
      message: "CRM_MAIL_SMTP's user or password has a % that starts no percent-encoding (write % as %25)",
    });
    expect(refusal({ CRM_MAIL_SMTP: "smtps://apikey:hunter2@smtp.example.com" })).toEqual({
      field: "CRM_MAIL_FROM",
      message: "CRM_MAIL_FROM is needed: the CRM_MAIL_SMTP user is not an e-mail address the mail could come from",
    });
    expect(refusal({ CRM_MAIL_SMTP: "smtps://apikey:hunter2@smtp.example.com", CRM_MAIL_FROM: "Supply CRM" }).field).toBe("CRM_MAIL_FROM");
    expect(refusal({ CRM_MAIL_SMTP: "smtps://a%40b.com:x@smtp.example.com", CRM_PUBLIC_URL: "crm.example.com" }).field).toBe("CRM_PUBLIC_URL");
    expect(refusal({ CRM_MAIL_SMTP: "smtps://a%40b.com:x@smtp.example.com", CRM_PUBLIC_URL: "ftp://crm.example.com" }).field).toBe("CRM_PUBLIC_URL");
    expect(refusal({ CRM_MAIL_SMTP: "smtps://a%40b.com:x@smtp.example.com", CRM_PUBLIC_URL: "https://crm.example.com/?next=1" }).field).toBe("CRM_PUBLIC_URL");
  });
});
