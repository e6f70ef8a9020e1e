import { afterEach, describe, expect, mock, test } from "bun:test";
import { ApiError, apiErrorFromAnswer, apiRequest, describeFailure, fetchAsKept, fetchCountedList, fetcher, fetcherReturningNullOn401, keyToUrl, onSessionEnded } from "./client";
import { askEarly, takeEarlyAnswer } from "./early-answers";

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

  test("keeps the field the server names", async () => {
    answerWith(Response.json({ message: "email is not a valid e-mail address: ada", field: "email" }, { status: 400 }));
    await expect(apiRequest("POST", "/api/contacts", {})).rejects.toMatchObject({ status: 400, field: "email" });
    answerWith(Response.json({ message: "Account not found" }, { status: 404 }));
    await expect(apiRequest("GET", "/api/accounts/9")).rejects.toMatchObject({ field: undefined });
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

describe("fetchAsKept", () => {
  test("reads a counted page as fetchCountedList does, and any other answer as the fetcher does", async () => {
    const page = () => Response.json([{ id: 1 }], { headers: { "X-Total-Count": "7" } });
    answerWith(page());
    const kept = await fetchAsKept("/api/accounts/1/orders?limit=1&offset=0");
    answerWith(page());
    expect(kept).toEqual(await fetchCountedList("/api/accounts/1/orders?limit=1&offset=0"));
    answerWith(Response.json({ id: 1, name: "Acme" }));
    expect(await fetchAsKept("/api/accounts/1")).toEqual({ id: 1, name: "Acme" });
  });
});

describe("a change", () => {
  test("drops the early answers, which may say what was true before it", async () => {
    answerWith(Response.json({ before: true }));
    await askEarly("/api/lists");
    await apiRequest("POST", "/api/lists", { name: "Trade shows" });
    expect(takeEarlyAnswer("/api/lists")).toBeUndefined();
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

describe("describeFailure", () => {
  test("a refusal is told in the server's words, with the field at fault", () => {
    expect(describeFailure(new ApiError(400, "dueDate must be a date like 2026-11-21", "dueDate"), "Failed to create task.")).toEqual({
      status: 400,
      message: "Due date must be a date like 2026-11-21",
      field: "dueDate",
    });
    expect(describeFailure(new ApiError(409, "The last active administrator cannot be deactivated"), "Failed to update user").message).toBe(
      "The last active administrator cannot be deactivated",
    );
  });

  test("the field at fault is named as the form names it, while the field itself keeps the JSON's name", () => {
    const common = new ApiError(400, "newPassword is one of the most common passwords: choose one that is harder to guess", "newPassword");
    expect(describeFailure(common)).toEqual({ status: 400, message: "New password is one of the most common passwords: choose one that is harder to guess", field: "newPassword" });
    expect(describeFailure(new ApiError(400, "name is required", "name")).message).toBe("Name is required");
    expect(describeFailure(new ApiError(400, "fileUrl is required", "fileUrl")).message).toBe("File URL is required");
    expect(describeFailure(new ApiError(400, "assigneeId is required", "assigneeId"), undefined, { assigneeId: "Assignee" }).message).toBe("Assignee is required");
    // Messages already in people's words, and fields deeper in the request, are left as the server wrote them.
    expect(describeFailure(new ApiError(400, "Secret access key is required", "secretAccessKey")).message).toBe("Secret access key is required");
    expect(describeFailure(new ApiError(400, "contacts.0.email is required", "contacts.0.email")).message).toBe("contacts.0.email is required");
  });

  test("a 401 is a refusal too: wrong credentials, or a session that ended", () => {
    expect(describeFailure(new ApiError(401, "Invalid email or password"), "Failed.")).toMatchObject({ status: 401, message: "Invalid email or password" });
  });

  test("a server failure gives the fallback, or the server's words without one, and never a field", () => {
    expect(describeFailure(new ApiError(500, "Something went wrong on the server", "name"), "Failed to add contact.")).toEqual({
      status: 500,
      message: "Failed to add contact.",
      field: undefined,
    });
    expect(describeFailure(new ApiError(500, "Something went wrong on the server")).message).toBe("Something went wrong on the server");
  });

  test("a refusal without words gives the fallback, or the status", () => {
    expect(describeFailure(new ApiError(400, ""), "Failed to update user").message).toBe("Failed to update user");
    expect(describeFailure(new ApiError(502, "")).message).toBe("The server answered 502.");
  });

  test("no answer at all (the network, a blocked request) has no status", () => {
    expect(describeFailure(new TypeError("Failed to fetch"))).toEqual({ status: undefined, message: "The server could not be reached.", field: undefined });
    expect(describeFailure(new TypeError("Failed to fetch"), "Failed to log activity.").message).toBe("Failed to log activity.");
  });

  test("reads what a real failed answer carried", async () => {
    answerWith(Response.json({ message: "name is required", field: "name" }, { status: 400 }));
    const error = await apiRequest("POST", "/api/lists", { name: "" }).catch((caught: unknown) => caught);
    expect(describeFailure(error, "Failed to create new list.")).toEqual({ status: 400, message: "Name is required", field: "name" });
  });
});
