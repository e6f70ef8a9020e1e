import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testServer } from "../testing/test-server.ts";

/** The app's routes anybody may call; every other must answer 401 without a session. ShipStation's webhooks, answered ahead of the app, have their own tests (routes/webhooks.test.ts). */
const PUBLIC_ROUTES = new Set(["GET /api/config", "POST /api/auth/login", "POST /api/auth/logout", "POST /api/auth/password-reset", "POST /api/auth/password-reset/confirm"]);

describe("the API as a whole", () => {
  let server: ReturnType<typeof testServer>;
  beforeEach(() => {
    server = testServer();
  });
  afterEach(() => server.dispose());

  test("every route but the public ones answers 401 JSON without a session", async () => {
    const guarded = server.app.routes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.path}`));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const path = route.path.replace(/:(\w+)/g, "1");
      const response = await server.request(route.method, path, route.method === "GET" ? {} : { body: {} });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
      expect(response.body.message).toBeString();
    }
  });

  test("an unknown /api path answers 404 JSON, signed in or not", async () => {
    const { cookie } = await server.signInAs("admin");
    for (const options of [{}, { cookie }]) {
      const response = await server.request("GET", "/api/no-such-thing", options);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(response.body.message).toContain("/api/no-such-thing");
    }
  });

  test("a state-changing request whose Origin names another site is refused with 403", async () => {
    const { cookie } = await server.signInAs("admin");
    const foreign = await server.request("POST", "/api/auth/logout", { cookie, headers: { origin: "https://evil.example" } });
    expect(foreign).toMatchObject({ status: 403, body: { message: "Cross-site request refused" } });
    expect((await server.request("GET", "/api/auth/me", { cookie })).status).toBe(200);

    const nullOrigin = await server.request("POST", "/api/auth/logout", { cookie, headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    const sameSite = await server.request("POST", "/api/auth/logout", { cookie, headers: { origin: "http://localhost" } });
    expect(sameSite.status).toBe(204);
  });

  test("reads are not subject to the Origin check", async () => {
    const { cookie } = await server.signInAs("sales");
    expect((await server.request("GET", "/api/auth/me", { cookie, headers: { origin: "https://evil.example" } })).status).toBe(200);
  });
});
