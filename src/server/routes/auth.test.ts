import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { SESSION_LIFETIME_MS } from "../../core/auth/sessions.ts";
import { createUser } from "../../core/users/users.ts";
import { testServer, useMailingServers, useTestServer } from "../../testing/test-server.ts";
import { setPasswordLinkIn } from "../../testing/smtp-catcher.ts";
import { PASSWORD_RESET_ANSWER_MESSAGE } from "../../contracts/auth.ts";
import { PASSWORD_RESET_REQUESTS_PER_EMAIL } from "../../core/auth/password-reset.ts";
import { UNUSABLE_LINK_MESSAGE } from "../../core/auth/password-links.ts";

describe("/api/auth", () => {
  const crm = useTestServer();

  test("login answers the user and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const { user, password } = await crm.server.signInAs("sales", "seller@example.com");
    const response = await crm.server.request("POST", "/api/auth/login", { body: { email: "Seller@Example.com", password } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: user.id, name: user.name, email: "seller@example.com", role: "sales", mustChangePassword: false });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^crm_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  describe("the cookie is Secure when the browser came over https", () => {
    const servers: ReturnType<typeof testServer>[] = [];
    afterEach(() => servers.splice(0).forEach((server) => server.dispose()));

    async function sessionCookieFrom(options: { trustProxy: boolean; url?: string; forwardedProto?: string }): Promise<string> {
      const server = testServer({}, { trustProxy: options.trustProxy });
      servers.push(server);
      const { password } = await server.signInAs("sales", "seller@example.com");
      const headers = new Headers({ "content-type": "application/json" });
      if (options.forwardedProto) headers.set("x-forwarded-proto", options.forwardedProto);
      const login = await server.app.handle(
        new Request(options.url ?? "http://localhost/api/auth/login", { method: "POST", headers, body: JSON.stringify({ email: "seller@example.com", password }) }),
      );
      expect(login.status).toBe(200);
      return login.headers.get("set-cookie")!;
    }

    test("when it reached the server itself over https", async () => {
      expect(await sessionCookieFrom({ trustProxy: false, url: "https://localhost/api/auth/login" })).toContain("Secure");
    });

    test("behind a trusted proxy, when the proxy says so in X-Forwarded-Proto", async () => {
      expect(await sessionCookieFrom({ trustProxy: true, forwardedProto: "https" })).toContain("Secure");
      expect(await sessionCookieFrom({ trustProxy: true, forwardedProto: "http" })).not.toContain("Secure");
    });

    test("without --trust-proxy X-Forwarded-Proto is anybody's to write, and is ignored", async () => {
      expect(await sessionCookieFrom({ trustProxy: false, forwardedProto: "https" })).not.toContain("Secure");
    });
  });

  test("a wrong password and an unknown e-mail both answer 401 with the same message", async () => {
    await crm.server.signInAs("sales", "seller@example.com");
    const wrongPassword = await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password: "nope" } });
    const unknownEmail = await crm.server.request("POST", "/api/auth/login", { body: { email: "ghost@example.com", password: "nope" } });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Invalid email or password" });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  /** The cookies an answer sets, by name: the whole Set-Cookie line of each. */
  const setCookies = (response: { headers: Headers }) =>
    Object.fromEntries(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
  /** The name=value of a Set-Cookie line, as the browser sends it back. */
  const sentBack = (line: string) => line.split(";")[0]!;

  test("the 11th failure in a row for one e-mail answers 429 with Retry-After, from any address and for the right password too", async () => {
    const { password } = await crm.server.signInAs("admin", "boss@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password: "wrong" } })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    for (const headers of [{}, { "x-test-client-address": "10.1.1.1" }] as Record<string, string>[]) {
      const blocked = await crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password }, headers });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/) });
      expect(Number(blocked.headers.get("retry-after"))).toBeWithin(1, 31);
    }
  });

  test("sign-in hands the browser an HttpOnly device cookie sent back only to sign-in, which signing out keeps", async () => {
    const { password } = await crm.server.signInAs("sales", "seller@example.com");
    const login = await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password } });
    const device = setCookies(login).crm_device!;
    expect(device).toMatch(/^crm_device=[^;]+; Max-Age=15552000; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/);
    const logout = await crm.server.request("POST", "/api/auth/logout", { cookie: `${sentBack(setCookies(login).crm_session!)}; ${sentBack(device)}` });
    expect(Object.keys(setCookies(logout))).toEqual(["crm_session"]);
  });

  describe("throttling behind a trusted proxy, by the forwarded address", () => {
    const servers: ReturnType<typeof testServer>[] = [];
    afterEach(() => servers.splice(0).forEach((server) => server.dispose()));
    function behindProxy() {
      const server = testServer({}, { trustProxy: true });
      servers.push(server);
      return server;
    }
    const signInFrom = (server: ReturnType<typeof testServer>, forwardedFor: string, body: { email: string; password: string }, cookie?: string) =>
      server.request("POST", "/api/auth/login", { body, cookie, headers: { "x-test-client-address": "10.0.0.1", "x-forwarded-for": forwardedFor } });

    test("fifty addresses guessing one e-mail get ten passwords checked, not fifty; the wait grows with each failure past them", async () => {
      const server = behindProxy();
      const { password } = await server.signInAs("admin", "boss@example.com");
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++) statuses.push((await signInFrom(server, `198.51.100.${i}`, { email: "boss@example.com", password: "wrong" })).status);
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(40).fill(429)]);
      expect((await signInFrom(server, "203.0.113.50", { email: "boss@example.com", password })).status).toBe(429);

      // Half a minute later one more guess is checked, and the next waits a minute.
      server.sqlite.run("UPDATE login_failures SET failed_at = failed_at - 30000");
      expect((await signInFrom(server, "198.51.100.77", { email: "boss@example.com", password: "wrong" })).status).toBe(401);
      const refused = await signInFrom(server, "198.51.100.78", { email: "boss@example.com", password: "wrong" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeWithin(50, 61);
    });

    test("a hundred guesses at once from a hundred addresses: ten are checked, the rest answer 429 at once", async () => {
      const server = behindProxy();
      await server.signInAs("admin", "boss@example.com");
      const attempts = Array.from({ length: 100 }, (_, i) => signInFrom(server, `198.51.100.${i}`, { email: "boss@example.com", password: "wrong" }));
      const statuses = (await Promise.all(attempts)).map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    });

    test("a browser the user signed in from before gets in with the right password while their e-mail is being guessed from everywhere", async () => {
      const server = behindProxy();
      const { password } = await server.signInAs("admin", "boss@example.com");
      const earlier = await signInFrom(server, "203.0.113.50", { email: "boss@example.com", password });
      const device = sentBack(setCookies(earlier).crm_device!);
      for (let i = 0; i < 30; i++) await signInFrom(server, `198.51.100.${i}`, { email: "boss@example.com", password: "wrong" });
      expect((await signInFrom(server, "203.0.113.50", { email: "boss@example.com", password })).status).toBe(429);
      const known = await signInFrom(server, "203.0.113.50", { email: "boss@example.com", password }, device);
      expect(known.status).toBe(200);
      expect(Object.keys(setCookies(known)).sort()).toEqual(["crm_device", "crm_session"]);
    });

    test("an office address flooded with wrong passwords for random e-mails locks out no known browser there", async () => {
      const server = behindProxy();
      const { password } = await server.signInAs("admin", "boss@example.com");
      const device = sentBack(setCookies(await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password })).crm_device!);
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) statuses.push((await signInFrom(server, "192.0.2.10", { email: `guess${i}@example.com`, password: "wrong" })).status);
      expect(statuses).toEqual([...Array(30).fill(401), ...Array(5).fill(429)]);
      expect((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password })).status).toBe(429);
      expect((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password }, device)).status).toBe(200);
      // A device cookie of somebody else's, or a made-up one, is no way round the limit.
      const forged = `crm_device=${device.split("=")[1]!.replace(/\.[^.]+$/, ".forged")}`;
      expect((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password }, forged)).status).toBe(429);
      const colleague = await createUser(server.db, { email: "colleague@example.com", name: "Colleague", role: "sales", password: "colleague's own passphrase" });
      expect((await signInFrom(server, "192.0.2.10", { email: colleague.user.email, password: colleague.password }, device)).status).toBe(429);
    });

    test("a known browser's own failures hold it back after ten, and nobody else", async () => {
      const server = behindProxy();
      const { password } = await server.signInAs("admin", "boss@example.com");
      const device = sentBack(setCookies(await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password })).crm_device!);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password: "wrong" }, device)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      expect((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password }, device)).status).toBe(429);
      expect((await signInFrom(server, "192.0.2.10", { email: "boss@example.com", password })).status).toBe(200);
    });
  });

  test("a hundred wrong passwords at once: only ten are checked, the rest answer 429 at once", async () => {
    await crm.server.signInAs("admin", "boss@example.com");
    const attempts = Array.from({ length: 100 }, () => crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password: "wrong" } }));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  });

  test("a successful sign-in is not counted among the failures", async () => {
    const { password } = await crm.server.signInAs("admin", "boss@example.com");
    const attempt = (secret: string) => crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password: secret } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt("wrong")).status);
    statuses.push((await attempt(password)).status);
    for (let i = 0; i < 6; i++) statuses.push((await attempt("wrong")).status);
    expect(statuses).toEqual([...Array(5).fill(401), 200, ...Array(5).fill(401), 429]);
  });

  test("a login without the fields answers 400 naming the field", async () => {
    expect(await crm.server.request("POST", "/api/auth/login", { body: { password: "x" } })).toMatchObject({
      status: 400,
      body: { message: "email is required" },
    });
    expect(await crm.server.request("POST", "/api/auth/login", { body: { email: "a@b.co" } })).toMatchObject({
      status: 400,
      body: { message: "password is required" },
    });
    const notJson = await crm.server.app.handle(
      new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{" }),
    );
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBeString();
  });

  test("me answers the signed-in user, or 401 without a session", async () => {
    const { cookie, user } = await crm.server.signInAs("admin");
    expect(await crm.server.request("GET", "/api/auth/me", { cookie })).toMatchObject({ status: 200, body: { id: user.id, role: "admin" } });
    expect(await crm.server.request("GET", "/api/auth/me")).toMatchObject({ status: 401, body: { message: "Not signed in" } });
    expect((await crm.server.request("GET", "/api/auth/me", { cookie: "crm_session=forged" })).status).toBe(401);
  });

  test("the session cookie is found among others, and a malformed one is no session", async () => {
    const { cookie, user } = await crm.server.signInAs("admin");
    const amongOthers = await crm.server.request("GET", "/api/auth/me", { cookie: `theme=dark; ${cookie} ; other=a=b` });
    expect(amongOthers).toMatchObject({ status: 200, body: { id: user.id } });
    for (const malformed of ["crm_session=%E0%A4%A", "crm_session=", "crm_session"]) {
      expect(await crm.server.request("GET", "/api/auth/me", { cookie: malformed })).toMatchObject({ status: 401, body: { message: "Not signed in" } });
    }
  });

  test("a session ends 30 days after sign-in even while in use, and its cookie lasts no longer", async () => {
    const { password } = await crm.server.signInAs("sales", "seller@example.com");
    const login = await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password } });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const maxAge = Number(login.headers.get("set-cookie")!.match(/Max-Age=(\d+)/)![1]);
    expect(maxAge).toBeLessThanOrEqual(SESSION_LIFETIME_MS / 1000);
    expect(maxAge).toBeGreaterThan(SESSION_LIFETIME_MS / 1000 - 60);

    // As if signed in 30 days ago but for a minute, and busy ever since: every session moves back as far.
    const movedBack = SESSION_LIFETIME_MS - 60_000;
    const moveBack = (ms: number) =>
      crm.server.sqlite.run("UPDATE sessions SET created_at = created_at - ?1, last_seen_at = last_seen_at - ?1, expires_at = expires_at - ?1", [ms]);
    moveBack(movedBack);
    expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(200);
    expect((await crm.server.request("GET", "/api/accounts", { cookie })).status).toBe(200);
    moveBack(2 * 60_000);
    expect(await crm.server.request("GET", "/api/auth/me", { cookie })).toMatchObject({ status: 401, body: { message: "Not signed in" } });
    expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password } })).status).toBe(200);
  });

  test("logout ends the session and clears the cookie", async () => {
    const { cookie } = await crm.server.signInAs("sales");
    const response = await crm.server.request("POST", "/api/auth/logout", { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^crm_session=;.*Max-Age=0/);
    expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
  });

  describe("changing my password", () => {
    const change = (cookie: string, body: unknown) => crm.server.request("POST", "/api/auth/password", { cookie, body });

    test("replaces the password, ends my other sessions and keeps this one", async () => {
      const { cookie, password } = await crm.server.signInAs("sales", "seller@example.com");
      const other = await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password } });
      const otherCookie = other.headers.get("set-cookie")!.split(";")[0]!;

      const changed = await change(cookie, { currentPassword: password, newPassword: "a brand new passphrase" });
      expect(changed).toMatchObject({ status: 200, body: { email: "seller@example.com", mustChangePassword: false } });
      expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(200);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: otherCookie })).status).toBe(401);
      expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password } })).status).toBe(401);
      expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password: "a brand new passphrase" } })).status).toBe(200);
    });

    test("a wrong current password answers 400 naming currentPassword; a weak new one 400 naming newPassword", async () => {
      const { cookie, password } = await crm.server.signInAs("sales", "seller@example.com");
      expect(await change(cookie, { currentPassword: "not my password", newPassword: "a brand new passphrase" })).toMatchObject({
        status: 400,
        body: { field: "currentPassword", message: "currentPassword is not your current password" },
      });
      for (const [newPassword, message] of [
        ["too short", "newPassword must be at least 10 characters"],
        ["Seller@Example.com", "newPassword must not be the e-mail address"],
        ["QWERTY123456", "newPassword is one of the most common passwords: choose one that is harder to guess"],
      ]) {
        expect(await change(cookie, { currentPassword: password, newPassword })).toMatchObject({ status: 400, body: { field: "newPassword", message } });
      }
      expect(await change(cookie, { currentPassword: password })).toMatchObject({ status: 400, body: { field: "newPassword", message: "newPassword is required" } });
    });

    test("needs a session", async () => {
      expect(await change("", { currentPassword: "x", newPassword: "a brand new passphrase" })).toMatchObject({ status: 401, body: { message: "Not signed in" } });
    });
  });

  describe("a one-time password", () => {
    async function signInWithOneTimePassword() {
      const { password } = await createUser(crm.server.db, { email: "new@example.com", name: "New Hire", role: "admin" });
      const login = await crm.server.request("POST", "/api/auth/login", { body: { email: "new@example.com", password } });
      return { login, password, cookie: login.headers.get("set-cookie")!.split(";")[0]! };
    }

    test("signs in saying the password must change, and until it has every other call answers 403", async () => {
      const { login, cookie } = await signInWithOneTimePassword();
      expect(login).toMatchObject({ status: 200, body: { email: "new@example.com", mustChangePassword: true } });
      for (const [method, path] of [["GET", "/api/accounts"], ["GET", "/api/team"], ["GET", "/api/auth/sessions"], ["POST", "/api/auth/sessions/end-others"], ["GET", "/api/settings/task-automation"]] as const) {
        expect({ path, ...(await crm.server.request(method, path, { cookie })) }).toMatchObject({ path, status: 403, body: { message: "Choose a new password first" } });
      }
      expect(await crm.server.request("GET", "/api/auth/me", { cookie })).toMatchObject({ status: 200, body: { mustChangePassword: true } });
      expect((await crm.server.request("GET", "/api/config", { cookie })).status).toBe(200);
    });

    test("changing it lifts the gate, and the new password signs in without one", async () => {
      const { cookie, password } = await signInWithOneTimePassword();
      const changed = await crm.server.request("POST", "/api/auth/password", { cookie, body: { currentPassword: password, newPassword: "my own passphrase" } });
      expect(changed).toMatchObject({ status: 200, body: { mustChangePassword: false } });
      expect((await crm.server.request("GET", "/api/accounts", { cookie })).status).toBe(200);
      const relogin = await crm.server.request("POST", "/api/auth/login", { body: { email: "new@example.com", password: "my own passphrase" } });
      expect(relogin.body.mustChangePassword).toBe(false);
    });

    test("signing out needs no new password", async () => {
      const { cookie } = await signInWithOneTimePassword();
      expect((await crm.server.request("POST", "/api/auth/logout", { cookie })).status).toBe(204);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
    });
  });

  describe("my sessions", () => {
    async function signInFrom(password: string, browser: string, address: string) {
      const login = await crm.server.request("POST", "/api/auth/login", {
        body: { email: "seller@example.com", password },
        headers: { "user-agent": browser, "x-test-client-address": address },
      });
      return login.headers.get("set-cookie")!.split(";")[0]!;
    }

    test("lists my sessions with when, which browser and where from, this one marked current, never a token", async () => {
      const { password } = await crm.server.signInAs("sales", "seller@example.com");
      const laptop = await signInFrom(password, "Mozilla/5.0 (Macintosh) Firefox/140.0", "203.0.113.7");
      const phone = await signInFrom(password, `Mozilla/5.0 (iPhone) ${"x".repeat(300)}`, "198.51.100.2");
      await crm.server.signInAs("sales", "someone-else@example.com");

      const listed = await crm.server.request("GET", "/api/auth/sessions", { cookie: phone });
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(3);
      const mine = listed.body.find((session: { current: boolean }) => session.current);
      expect(mine).toEqual({ id: expect.any(Number), createdAt: expect.any(String), lastSeenAt: expect.any(String), browser: `Mozilla/5.0 (iPhone) ${"x".repeat(179)}`, address: "198.51.100.2", current: true });
      expect(listed.body.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
      expect(listed.body.map((session: { browser: string }) => session.browser)).toContain("Mozilla/5.0 (Macintosh) Firefox/140.0");
      const text = JSON.stringify(listed.body);
      for (const cookie of [laptop, phone]) expect(text).not.toContain(cookie.split("=")[1]!);
    });

    test("ends one of my sessions; another user's answers 404", async () => {
      const { password } = await crm.server.signInAs("sales", "seller@example.com");
      const laptop = await signInFrom(password, "Firefox", "203.0.113.7");
      const phone = await signInFrom(password, "Safari", "198.51.100.2");
      const someoneElse = await crm.server.signInAs("sales", "someone-else@example.com");
      const theirs = (await crm.server.request("GET", "/api/auth/sessions", { cookie: someoneElse.cookie })).body[0].id;
      const laptopId = (await crm.server.request("GET", "/api/auth/sessions", { cookie: laptop })).body.find((session: { current: boolean }) => session.current).id;

      expect(await crm.server.request("DELETE", `/api/auth/sessions/${theirs}`, { cookie: phone })).toMatchObject({ status: 404, body: { message: "Session not found" } });
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: someoneElse.cookie })).status).toBe(200);
      expect((await crm.server.request("DELETE", `/api/auth/sessions/${laptopId}`, { cookie: phone })).status).toBe(204);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: laptop })).status).toBe(401);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: phone })).status).toBe(200);
      expect((await crm.server.request("DELETE", "/api/auth/sessions/abc", { cookie: phone })).body).toMatchObject({ field: "id" });
    });

    test("ends all my sessions but this one", async () => {
      const { cookie, password } = await crm.server.signInAs("sales", "seller@example.com");
      const laptop = await signInFrom(password, "Firefox", "203.0.113.7");
      const someoneElse = await crm.server.signInAs("sales", "someone-else@example.com");
      expect((await crm.server.request("POST", "/api/auth/sessions/end-others", { cookie })).status).toBe(204);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: laptop })).status).toBe(401);
      expect((await crm.server.request("GET", "/api/auth/me", { cookie: someoneElse.cookie })).status).toBe(200);
      const left = await crm.server.request("GET", "/api/auth/sessions", { cookie });
      expect(left.body).toEqual([expect.objectContaining({ current: true })]);
    });
  });
});

describe("'Forgot password?': /api/auth/password-reset and /confirm", () => {
  const mailing = useMailingServers();
  let server: ReturnType<typeof testServer>;
  beforeEach(() => {
    server = mailing.start({ CRM_PUBLIC_URL: "https://crm.example.com" });
  });

  const askReset = (email: string, clientAddress = "10.0.0.7") => server.request("POST", "/api/auth/password-reset", { body: { email }, headers: { "x-test-client-address": clientAddress } });

  test("answers 202 and the same words whether the e-mail is a user's or not, without a session; only the user's gets an e-mail", async () => {
    await server.signInAs("sales", "seller@example.com");
    const before = mailing.smtp.received.length;
    const unknown = await askReset("nobody@example.com");
    const known = await askReset("Seller@Example.com");
    for (const answer of [unknown, known]) expect(answer).toMatchObject({ status: 202, body: { message: PASSWORD_RESET_ANSWER_MESSAGE } });
    expect(unknown.body).toEqual(known.body);
    const mail = await mailing.smtp.nextMail();
    expect(mail.to).toEqual(["seller@example.com"]);
    expect(setPasswordLinkIn(mail)).toStartWith("https://crm.example.com/set-password#token=");
    expect(mailing.smtp.received.length - before).toBe(1);
  });

  test("the link's token sets the password once, signs the user out everywhere, and the new password signs in", async () => {
    const { cookie } = await server.signInAs("sales", "seller@example.com");
    await askReset("seller@example.com");
    const token = new URL(setPasswordLinkIn(await mailing.smtp.nextMail())).hash.slice("#token=".length);

    expect(await server.request("POST", "/api/auth/password-reset/confirm", { body: { token, newPassword: "short" } })).toMatchObject({
      status: 400,
      body: { field: "newPassword", message: expect.stringMatching(/^newPassword /) },
    });
    expect((await server.request("POST", "/api/auth/password-reset/confirm", { body: { token, newPassword: "a fresh passphrase" } })).status).toBe(204);
    expect((await server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
    expect((await server.request("POST", "/api/auth/login", { body: { email: "seller@example.com", password: "a fresh passphrase" } })).status).toBe(200);
    expect(await server.request("POST", "/api/auth/password-reset/confirm", { body: { token, newPassword: "another passphrase" } })).toMatchObject({
      status: 400,
      body: { field: "token", message: UNUSABLE_LINK_MESSAGE },
    });
  });

  test("a missing or overlong field answers 400 naming it", async () => {
    expect(await server.request("POST", "/api/auth/password-reset", { body: {} })).toMatchObject({ status: 400, body: { field: "email" } });
    expect(await server.request("POST", "/api/auth/password-reset", { body: { email: `${"x".repeat(400)}@example.com` } })).toMatchObject({ status: 400, body: { field: "email" } });
    expect(await server.request("POST", "/api/auth/password-reset/confirm", { body: { newPassword: "a fresh passphrase" } })).toMatchObject({ status: 400, body: { field: "token" } });
    expect(await server.request("POST", "/api/auth/password-reset/confirm", { body: { token: "x".repeat(101), newPassword: "a fresh passphrase" } })).toMatchObject({
      status: 400,
      body: { field: "token" },
    });
  });

  test(`past ${PASSWORD_RESET_REQUESTS_PER_EMAIL} requests for one e-mail within the hour the answer is 429 with Retry-After, the same for a user's e-mail as for any other`, async () => {
    await server.signInAs("sales", "seller@example.com");
    const refusals = [];
    for (const email of ["nobody@example.com", "seller@example.com"]) {
      for (let asked = 0; asked < PASSWORD_RESET_REQUESTS_PER_EMAIL; asked++) expect((await askReset(email, `10.0.1.${asked}`)).status).toBe(202);
      refusals.push(await askReset(email, "10.0.2.1"));
    }
    for (let sent = 0; sent < PASSWORD_RESET_REQUESTS_PER_EMAIL; sent++) expect((await mailing.smtp.nextMail()).to).toEqual(["seller@example.com"]);
    for (const refused of refusals) {
      expect(refused).toMatchObject({ status: 429, body: { message: "Too many password reset requests. Try again in 60 minutes." } });
      // An hour from the first request, which this test made moments ago.
      expect(Number(refused.headers.get("retry-after"))).toBeWithin(3500, 3601);
    }
  });

  test("without an SMTP server it answers 503: ask an administrator", async () => {
    const withoutMail = testServer();
    try {
      expect(await withoutMail.request("POST", "/api/auth/password-reset", { body: { email: "nobody@example.com" } })).toMatchObject({
        status: 503,
        body: { message: "This CRM sends no e-mail: ask an administrator to reset your password" },
      });
    } finally {
      withoutMail.dispose();
    }
  });
});
