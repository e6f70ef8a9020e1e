import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { INTL_WARM_UP_POLICY_SOURCE, INTL_WARM_UP_SCRIPT } from "../intl-warm-up.ts";
import { useTestServer } from "../../testing/test-server.ts";
import { CONTENT_SECURITY_POLICY, securityHeadersFor, STRICT_TRANSPORT_SECURITY } from "./security-headers.ts";

const OVER_PLAIN_HTTP = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "strict-transport-security": null,
};

function securityHeadersOf(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(Object.keys(OVER_PLAIN_HTTP).map((name) => [name, headers.get(name)]));
}

describe("every API answer carries the security headers", () => {
  const crm = useTestServer({ signInAs: "sales" });

  test("a JSON answer", async () => {
    const answer = await crm.server.request("GET", "/api/accounts", { cookie: crm.cookie });
    expect(answer.status).toBe(200);
    expect(securityHeadersOf(answer.headers)).toEqual(OVER_PLAIN_HTTP);
  });

  test("an error answer, whichever hook or route refused the request", async () => {
    const refusals = [
      { what: "no session", method: "GET", path: "/api/auth/me", options: {}, status: 401 },
      { what: "no such route", method: "GET", path: "/api/no-such-thing", options: { cookie: crm.cookie }, status: 404 },
      { what: "another site", method: "POST", path: "/api/accounts", options: { cookie: crm.cookie, body: { name: "Lab" }, headers: { origin: "https://evil.example" } }, status: 403 },
      { what: "too large", method: "POST", path: "/api/auth/login", options: { body: { email: "x".repeat(70 * 1024), password: "p" } }, status: 413 },
      { what: "a bad query", method: "GET", path: "/api/accounts?limit=0", options: { cookie: crm.cookie }, status: 400 },
    ];
    for (const { what, method, path, options, status } of refusals) {
      const answer = await crm.server.request(method, path, options);
      expect({ what, status: answer.status, headers: securityHeadersOf(answer.headers) }).toEqual({ what, status, headers: OVER_PLAIN_HTTP });
    }
  });

  test("Strict-Transport-Security only over HTTPS: pinning it on a plain-HTTP server would lock everybody out", async () => {
    const overHttps = await crm.server.app.handle(new Request("https://crm.example.com/api/no-such-thing"));
    expect(overHttps.status).toBe(404);
    expect(securityHeadersOf(overHttps.headers)).toEqual({ ...OVER_PLAIN_HTTP, "strict-transport-security": STRICT_TRANSPORT_SECURITY });
    // Anybody can send X-Forwarded-Proto: the server is not told to trust a proxy.
    const claimed = await crm.server.app.handle(new Request("http://localhost/api/config", { headers: { "x-forwarded-proto": "https" } }));
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the headers for a request", () => {
  test("are decided by the protocol of the request's URL, or behind a trusted proxy by the one the proxy was reached by", () => {
    expect(securityHeadersFor(new Request("https://crm.example.com/accounts"), false)["strict-transport-security"]).toBe("max-age=31536000");
    expect(securityHeadersFor(new Request("http://crm.example.com/accounts"), false)).not.toHaveProperty("strict-transport-security");
    const forwarded = new Request("http://crm.example.com/accounts", { headers: { "x-forwarded-proto": "https" } });
    expect(securityHeadersFor(forwarded, false)).not.toHaveProperty("strict-transport-security");
    expect(securityHeadersFor(forwarded, true)["strict-transport-security"]).toBe("max-age=31536000");
  });

  test("allow nothing inline but the page's Intl set-up, by its hash, nothing from another site, and no framing", () => {
    const sources = CONTENT_SECURITY_POLICY.split("; ").flatMap((directive) => directive.split(" ").slice(1));
    expect(new Set(sources)).toEqual(new Set(["'self'", "'none'", INTL_WARM_UP_POLICY_SOURCE]));
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' ${INTL_WARM_UP_POLICY_SOURCE};`);
    expect(INTL_WARM_UP_POLICY_SOURCE).toBe(`'sha256-${createHash("sha256").update(INTL_WARM_UP_SCRIPT).digest("base64")}'`);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});
