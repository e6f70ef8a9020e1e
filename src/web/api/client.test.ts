import { afterEach, describe, expect, mock, test } from "bun:test";
import { ApiError, apiErrorFromAnswer, apiRequest, fetchCountedList, fetcher, fetcherReturningNullOn401, keyToUrl, onSessionEnded } from "./client";

const realFetch = globalThis.fetch;

function answerWith(response: Response) {
  const fetchMock = mock(async (_url: string | URL | Request, _init?: RequestInit) => response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("apiRequest", () => {
  test("sends JSON with a content type only when there is a body", async () => {
    const fetchMock = answerWith(Response.json({ ok: true }));
    await apiRequest("POST", "/api/auth/login", { email: "a@b.c", password: "x" });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe("include");
    expect(init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.c", password: "x" }));
  });

  test("sends no content type without a body", async () => {
    const fetchMock = answerWith(new Response(null, { status: 204 }));
    expect(await apiRequest("POST", "/api/auth/logout")).toBeNull();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.headers).toBeUndefined();
    expect(init?.body).toBeUndefined();
    expect(init?.credentials).toBe("include");
  });

  test("parses a JSON answer", async () => {
    answerWith(Response.json({ name: "Ada" }));
    expect(await apiRequest("GET", "/api/auth/me")).toEqual({ name: "Ada" });
  });

  test("uses the message field of a JSON error", async () => {
    answerWith(Response.json({ message: "Invalid credentials" }, { status: 401 }));
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, serverMessage: "Invalid credentials", message: "401: Invalid credentials" });
  });

  test("falls back to the body text, then the status text", async () => {
    answerWith(new Response("Boom", { status: 500 }));
    await expect(apiRequest("GET", "/x")).rejects.toMatchObject({ message: "500: Boom" });
    answerWith(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/x")).rejects.toMatchObject({ serverMessage: "Service Unavailable" });
  });
});

describe("fetchers", () => {
  test("join key segments with a slash", async () => {
    const fetchMock = answerWith(Response.json({ id: 12 }));
    await fetcher(["/api/accounts", 12]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/accounts/12");
    expect(keyToUrl("/api/config")).toBe("/api/config");
  });

  test("the default fetcher throws on 401", async () => {
    answerWith(new Response("Unauthorized", { status: 401 }));
    await expect(fetcher(["/api/auth/me"])).rejects.toBeInstanceOf(ApiError);
  });

  test("the 401-tolerant fetcher answers null on 401 only", async () => {
    answerWith(new Response("Unauthorized", { status: 401 }));
    expect(await fetcherReturningNullOn401(["/api/auth/me"])).toBeNull();
    answerWith(new Response("Forbidden", { status: 403 }));
    await expect(fetcherReturningNullOn401(["/api/auth/me"])).rejects.toMatchObject({ status: 403 });
  });
});

describe("fetchCountedList", () => {
  test("reads the page and the total of all matches", async () => {
    answerWith(Response.json([{ id: 1 }, { id: 2 }], { headers: { "X-Total-Count": "1234" } }));
    expect(await fetchCountedList("/api/accounts?limit=2")).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 1234 });
  });
});

describe("onSessionEnded", () => {
  test("hears every 401 answer, and nothing else", async () => {
    const listener = mock(() => {});
    const unregister = onSessionEnded(listener);
    answerWith(Response.json({ message: "Not signed in" }, { status: 401 }));
    await apiRequest("GET", "/api/accounts").catch(() => undefined);
    expect(apiErrorFromAnswer(401, "", "Unauthorized").serverMessage).toBe("Unauthorized");
    answerWith(Response.json({ message: "Forbidden" }, { status: 403 }));
    await apiRequest("DELETE", "/api/admin/clear-all-data").catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(2);

    unregister();
    answerWith(Response.json({ message: "Not signed in" }, { status: 401 }));
    await apiRequest("GET", "/api/accounts").catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
