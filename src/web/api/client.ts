export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An SWR key: a URL, or URL segments that are joined with '/'. */
export type ApiKey = string | readonly (string | number)[];

export type UnauthorizedBehaviour = "throw" | "returnNull";

/** A non-successful HTTP answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** One page of a list the server pages, with the number of matches over all pages. */
export interface CountedList<T> {
  items: T[];
  total: number;
}

/**
 * Sends a request with the session cookie. Resolves to the parsed JSON answer,
 * or null when the answer has no content (204 or an empty body).
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await send(method, url, body);
  return (await parseBody(response)) as T;
}

/** GETs a page of a list; the server counts all matches in the X-Total-Count header. */
export async function fetchCountedList<T>(url: string): Promise<CountedList<T>> {
  const response = await send("GET", url);
  const items = (await parseBody(response)) as T[];
  const total = Number(response.headers.get("X-Total-Count") ?? items.length);
  return { items, total };
}

/**
 * Turns a failed answer into an ApiError. Every failed answer passes here, whether fetch or an upload
 * received it, so that a 401 from anywhere ends the session in the dashboard too.
 */
export function apiErrorFromAnswer(status: number, bodyText: string, statusText: string): ApiError {
  if (status === 401) sessionEndedListener?.();
  return new ApiError(status, messageField(bodyText) ?? (bodyText || statusText));
}

let sessionEndedListener: (() => void) | null = null;

/** Registers what to do when the server answers 401; returns the function that unregisters it. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListener = listener;
  return () => {
    if (sessionEndedListener === listener) sessionEndedListener = null;
  };
}

export function keyToUrl(key: ApiKey): string {
  return typeof key === "string" ? key : key.join("/");
}

/** Makes an SWR fetcher that GETs the URL the key describes. */
export function createFetcher(options: { on401: UnauthorizedBehaviour }) {
  return async function fetchKey<T = unknown>(key: ApiKey): Promise<T | null> {
    try {
      return await apiRequest<T>("GET", keyToUrl(key));
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

export const fetcher = createFetcher({ on401: "throw" });

export const fetcherReturningNullOn401 = createFetcher({ on401: "returnNull" });

async function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw apiErrorFromAnswer(response.status, await response.text(), response.statusText);
  return response;
}

function messageField(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message || undefined;
    }
  } catch {
    // Not JSON: the caller falls back to the raw text.
  }
  return undefined;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}
