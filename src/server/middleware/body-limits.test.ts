import { describe, expect, test } from "bun:test";
import { JSON_BODY_MAX_DEPTH } from "../../contracts/common.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("request bodies are bounded before they are parsed", () => {
  const crm = useTestServer({ signInAs: "sales" });

  /** A body of `size` bytes that counts how much of it the server pulled. */
  function streamedBody(size: number, chunk = "x".repeat(16 * 1024)) {
    const counter = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (counter.pulled >= size) return controller.close();
        counter.pulled += chunk.length;
        controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    return { stream, counter };
  }

  async function send(path: string, body: BodyInit, headers: Record<string, string> = {}) {
    const response = await crm.server.app.handle(
      new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json", cookie: crm.cookie, ...headers }, body }),
    );
    return { status: response.status, body: (await response.json()) as { message: string } };
  }

  test("sign-in and 'Forgot password?' read at most 64 KB, anyone else's JSON at most 1 MB, and stop reading there", async () => {
    for (const [path, limit] of [
      ["/api/auth/login", 64 * 1024],
      ["/api/auth/password-reset", 64 * 1024],
      ["/api/auth/password-reset/confirm", 64 * 1024],
      ["/api/accounts", 1024 * 1024],
    ] as const) {
      const { stream, counter } = streamedBody(100 * 1024 * 1024);
      const answer = await send(path, stream);
      expect({ path, ...answer }).toEqual({ path, status: 413, body: { message: `The request body is larger than ${(limit / 1024).toLocaleString("en-US")} KB` } });
      expect(counter.pulled).toBeLessThan(limit + 64 * 1024);
    }
  });

  test("a body declaring a length over the limit is refused without being read", async () => {
    const { stream, counter } = streamedBody(200 * 1024);
    expect((await send("/api/auth/login", stream, { "content-length": String(200 * 1024) })).status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  test(`JSON nested deeper than ${JSON_BODY_MAX_DEPTH} levels answers 400 before it is parsed; shallower JSON is read as usual`, async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(await send("/api/accounts", deep)).toEqual({ status: 400, body: { message: `The request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep`, field: "body" } as never });
    // Brackets inside strings are text, not nesting.
    const account = await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: `${"[{".repeat(90)} Lab` } });
    expect(account.status).toBe(201);
  });

  test("a body sent without a session to a route that needs one is refused with 401, unread", async () => {
    const { stream, counter } = streamedBody(10 * 1024 * 1024);
    const response = await crm.server.app.handle(new Request("http://localhost/api/accounts", { method: "POST", headers: { "content-type": "application/json" }, body: stream }));
    expect(response.status).toBe(401);
    expect(counter.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  test("a body that is not JSON answers 400", async () => {
    const answer = await crm.server.app.handle(
      new Request("http://localhost/api/accounts", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie: crm.cookie }, body: "name=Form+Lab" }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: "The request body must be JSON (Content-Type: application/json)", field: "body" });
    expect((await send("/api/accounts", "{not json")).body.message).toBe("The request body is not valid JSON");
  });

  test("JSON that is not an object answers 400, whatever the route's contract makes optional", async () => {
    const account = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Object Lab" } })).body;
    for (const body of [1, [1, 2], "x", true, null]) {
      const answer = await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: crm.cookie, body });
      expect({ body, status: answer.status, answer: answer.body }).toEqual({ body, status: 400, answer: { message: "The request body must be a JSON object", field: "body" } });
    }
    expect((await crm.server.request("GET", `/api/accounts/${account.id}`, { cookie: crm.cookie })).body.name).toBe("Object Lab");
  });

  test("a bulk assignment may carry its 50,000 e-mails", async () => {
    const emails = Array.from({ length: 50_000 }, (_, index) => `purchasing.department${index}@regional-laboratory.example.com`);
    const answer = await crm.server.request("POST", "/api/accounts/bulk-assign-list", { cookie: crm.cookie, body: { emails, listType: "active" } });
    expect(answer.status).toBe(200);
  });
});
