import { describe, expect, test } from "bun:test";
import type { SecretDescription } from "../../api/settings";
import { copyableWebhookUrl, isSecretInForce, webhookUrl } from "./webhook-url";

const URL_ON_SITE = "https://crm.example.com/api/webhooks/shipstation";
const NOT_SET: SecretDescription = { configured: false, source: null, hint: null };
const SAVED: SecretDescription = { configured: true, source: "database", hint: "…5678" };
const FROM_ENVIRONMENT: SecretDescription = { configured: true, source: "environment", hint: "…5678" };

describe("webhookUrl", () => {
  test("puts the webhook path on the site's own origin", () => {
    expect(webhookUrl("https://crm.example.com", "/api/webhooks/shipstation")).toBe(URL_ON_SITE);
    expect(webhookUrl("http://127.0.0.1:3196", "/api/webhooks/shipstation")).toBe("http://127.0.0.1:3196/api/webhooks/shipstation");
  });
});

describe("copyableWebhookUrl", () => {
  test("copies the bare URL when no secret is set", () => {
    expect(copyableWebhookUrl(URL_ON_SITE, NOT_SET, null)).toEqual({ text: URL_ON_SITE, includesSecret: false });
  });

  test("copies the bare URL when a secret is set but was not saved from this page", () => {
    expect(copyableWebhookUrl(URL_ON_SITE, SAVED, null)).toEqual({ text: URL_ON_SITE, includesSecret: false });
  });

  test("appends the secret saved from this page while it is the one in force", () => {
    expect(copyableWebhookUrl(URL_ON_SITE, SAVED, "secret-12345678")).toEqual({
      text: `${URL_ON_SITE}?secret=secret-12345678`,
      includesSecret: true,
    });
  });

  test("encodes characters that would break the query", () => {
    const secret = "a&b=c#d+e%5678";
    const copied = copyableWebhookUrl(URL_ON_SITE, { ...SAVED, hint: "…5678" }, secret);
    expect(new URL(copied.text).searchParams.get("secret")).toBe(secret);
  });

  test("leaves out a secret saved here that has since been replaced or overridden", () => {
    expect(copyableWebhookUrl(URL_ON_SITE, { ...SAVED, hint: "…wxyz" }, "secret-12345678").includesSecret).toBe(false);
    expect(copyableWebhookUrl(URL_ON_SITE, FROM_ENVIRONMENT, "secret-12345678").includesSecret).toBe(false);
  });
});

describe("isSecretInForce", () => {
  test("matches the saved secret's last 4 characters", () => {
    expect(isSecretInForce(SAVED, "anything-5678")).toBe(true);
    expect(isSecretInForce(SAVED, "anything-1234")).toBe(false);
    expect(isSecretInForce(NOT_SET, "anything-5678")).toBe(false);
  });
});
