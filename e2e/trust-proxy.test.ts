import { afterEach, expect, test } from "bun:test";
import { startCrm, type RunningCrm } from "./support/crm-server.ts";

/** The compiled server behind a reverse proxy, as the README tells ops to run it: who a sign-in came from, and HTTPS. */
let crm: RunningCrm | undefined;
afterEach(async () => {
  await crm?.stop();
  crm = undefined;
});

const signIn = (forwardedFor: string, password: string, forwardedProto = "http") =>
  fetch(`${crm!.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, "x-forwarded-proto": forwardedProto },
    body: JSON.stringify({ email: crm!.adminEmail, password }),
  });

test("with CRM_TRUST_PROXY=1 the client is the proxy's last X-Forwarded-For entry: an attacker locks out only themselves", async () => {
  crm = await startCrm({ CRM_TRUST_PROXY: "1" });
  for (let attempt = 0; attempt < 10; attempt++) expect((await signIn("192.0.2.1, 203.0.113.9", "not the password")).status).toBe(401);
  const refused = await signIn("198.51.100.20, 203.0.113.9", "not the password");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  // The real user, reaching the proxy from elsewhere, is let in, over HTTPS as the proxy says.
  const signedIn = await signIn("203.0.113.50", crm.adminPassword, "https");
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers.get("strict-transport-security")).toBe("max-age=31536000");
});

test("without it X-Forwarded-For and X-Forwarded-Proto are ignored: writing other addresses escapes no limit", async () => {
  crm = await startCrm();
  for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(`203.0.113.${attempt}`, "not the password")).status).toBe(401);
  const refused = await signIn("198.51.100.77", "not the password", "https");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("strict-transport-security")).toBeNull();
});
