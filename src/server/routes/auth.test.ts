import { describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/auth", () => {
  const crm = useTestServer();

  test("login answers the user and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const { user, password } = await crm.server.signInAs("sales", "seller@example.com");
    const response = await crm.server.request("POST", "/api/auth/login", { body: { email: "Seller@Example.com", password } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: user.id, name: user.name, email: "seller@example.com", role: "sales" });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^crm_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  test("the cookie is Secure when the request came over https", async () => {
    const { password } = await crm.server.signInAs("sales", "seller@example.com");
    const response = await crm.server.request("POST", "/api/auth/login", {
      body: { email: "seller@example.com", password },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.headers.get("set-cookie")).toContain("Secure");
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

  test("the 11th failure in a row for one e-mail and address answers 429", async () => {
    const { password } = await crm.server.signInAs("admin", "boss@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password: "wrong" } })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const blocked = await crm.server.request("POST", "/api/auth/login", { body: { email: "boss@example.com", password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    const otherAddress = await crm.server.request("POST", "/api/auth/login", {
      body: { email: "boss@example.com", password },
      headers: { "x-test-client-address": "10.1.1.1" },
    });
    expect(otherAddress.status).toBe(200);
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

  test("logout ends the session and clears the cookie", async () => {
    const { cookie } = await crm.server.signInAs("sales");
    const response = await crm.server.request("POST", "/api/auth/logout", { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/^crm_session=;.*Max-Age=0/);
    expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
  });
});
