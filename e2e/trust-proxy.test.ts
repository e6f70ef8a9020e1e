import { afterEach, expect, test } from "bun:test";
import { startCrm, type RunningCrm } from "./support/crm-server.ts";

/** The compiled server behind a reverse proxy, as the README tells ops to run it: who a sign-in came from, and HTTPS. */
let crm: RunningCrm | undefined;
afterEach(async () => {
  await crm?.stop();
  crm = undefined;
});

const signIn = (forwardedFor: string, body: { email: string; password: string }, options: { forwardedProto?: string; cookie?: string } = {}) =>
  fetch(`${crm!.url}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": forwardedFor,
      "x-forwarded-proto": options.forwardedProto ?? "http",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** The cookies a sign-in set, by name: the whole Set-Cookie line of each. */
const cookiesOf = (response: Response) => Object.fromEntries(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));

test("with CRM_TRUST_PROXY=1 guesses from many addresses share one e-mail's limit, and the browser the user signed in from still gets in", async () => {
  crm = await startCrm({ CRM_TRUST_PROXY: "1" });
  const admin = { email: crm.adminEmail, password: crm.adminPassword };
  // Over HTTPS as the proxy says: Secure cookies and HSTS.
  const first = await signIn("203.0.113.50", admin, { forwardedProto: "https" });
  expect(first.status).toBe(200);
  expect(first.headers.get("strict-transport-security")).toBe("max-age=31536000");
  const cookies = cookiesOf(first);
  for (const name of ["crm_session", "crm_device"]) expect(cookies[name]).toContain("; Secure");

  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    // The attacker writes addresses of its own first; the proxy's entry, last, differs each time as a botnet's would.
    statuses.push((await signIn(`192.0.2.1, 198.51.100.${attempt}`, { ...admin, password: "not the password" })).status);
  }
  expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  const elsewhere = await signIn("203.0.113.77", admin, { forwardedProto: "https" });
  expect(elsewhere.status).toBe(429);
  expect(Number(elsewhere.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await signIn("203.0.113.50", admin, { forwardedProto: "https", cookie: cookies.crm_device!.split(";")[0] })).status).toBe(200);
});

test("without it X-Forwarded-For and X-Forwarded-Proto are ignored: writing other addresses escapes no limit, and a cookie is not Secure over plain HTTP", async () => {
  crm = await startCrm();
  const signedIn = await signIn("203.0.113.50", { email: crm.adminEmail, password: crm.adminPassword }, { forwardedProto: "https" });
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers.get("strict-transport-security")).toBeNull();
  for (const line of Object.values(cookiesOf(signedIn))) expect(line).not.toContain("Secure");

  // Every guess, whatever address it writes, comes from the one connection's address, and counts against it.
  for (let attempt = 0; attempt < 30; attempt++) {
    expect((await signIn(`203.0.113.${attempt}`, { email: `guess${attempt}@example.com`, password: "not the password" })).status).toBe(401);
  }
  expect((await signIn("198.51.100.77", { email: "one-more@example.com", password: "not the password" })).status).toBe(429);
});
