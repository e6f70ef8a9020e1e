import { forgetEarlyAnswers, takeEarlyAnswer } from "./early-answers";
import { readTogether } from "./reads-together";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An SWR key: a URL, or URL segments that are joined with '/'. */
export type ApiKey = string | readonly (string | number)[];

export type UnauthorizedBehaviour = "throw" | "returnNull";

/** A non-successful HTTP answer: the server's `{message, field?}`, with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;
  /** The input at fault, as the request named it ('email', 'welcome.dueInDays'), when the server says which. */
  readonly field: string | undefined;

  constructor(status: number, serverMessage: string, field?: string) {
    super(`${status}: ${serverMessage}`);
    this.name = "ApiError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/** What a failed request means to the person who made it. */
export interface Failure {
  /** The status of the server's answer; undefined when none came. */
  status: number | undefined;
  /** What to tell them. */
  message: string;
  /** The input at fault, when the server refused one: a form shows the message beside it. */
  field: string | undefined;
}

const NO_ANSWER_MESSAGE = "The server could not be reached.";

/**
 * The one reading of a failed request, whatever threw it: every toast, form and notice says what this says.
 * - The server refused the request (4xx): its words are shown as they are, since they say what to change:
 *   a value at fault (with the field), a name already taken, an account gone. A 401 is a refusal too: at sign-in
 *   the credentials are wrong; anywhere else the session has ended, and the login screen is already on its way
 *   (see apiErrorFromAnswer).
 * - The server failed (5xx) or never answered (the network, a blocked request): its words, if any, say nothing
 *   the person can act on. `fallback` names what failed instead ('Failed to add contact.'); without one, the
 *   server's own words or 'The server could not be reached.' are shown.
 */
export function describeFailure(error: unknown, fallback?: string, fieldLabels: FieldLabels = {}): Failure {
  if (!(error instanceof ApiError)) return { status: undefined, message: fallback ?? NO_ANSWER_MESSAGE, field: undefined };
  const { status, serverMessage, field } = error;
  if (status < 500 && serverMessage !== "") return { status, message: namingFieldAsTheFormDoes(serverMessage, field, fieldLabels), field };
  return { status, message: fallback ?? (serverMessage || `The server answered ${status}.`), field: undefined };
}

/** A form's labels for its inputs, by the JSON field the server names, where they differ from the field's name said as words. */
export type FieldLabels = Readonly<Partial<Record<string, string>>>;

/**
 * The server names the field at fault as the JSON does ("newPassword is one of the most common passwords"),
 * for API clients; staff read the form's label instead ("New password is ..."): the label the form gave, or
 * else the field's name said as words.
 */
function namingFieldAsTheFormDoes(message: string, field: string | undefined, fieldLabels: FieldLabels): string {
  if (field === undefined || !/^[a-z][a-zA-Z]*$/.test(field) || !message.startsWith(`${field} `)) return message;
  return `${fieldLabels[field] ?? fieldNameAsWords(field)}${message.slice(field.length)}`;
}

const SHORT_WORDS: Readonly<Record<string, string>> = { id: "ID", ids: "IDs", url: "URL" };

/** 'newPassword' as 'New password', 'fileUrl' as 'File URL'. */
function fieldNameAsWords(field: string): string {
  const words = field.split(/(?=[A-Z])/).map((word) => SHORT_WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = "", ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
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

/** GETs the URL and reads the answer as the reads keep it (readAsKept), for a read made ahead of its screen. */
export async function fetchAsKept(url: string): Promise<unknown> {
  return readAsKept(await send("GET", url));
}

/**
 * A successful answer as the reads keep it in SWR's cache: a page of a counted list where the server counts
 * its matches (the routes that send X-Total-Count are read with fetchCountedList), its JSON otherwise (fetcher).
 */
export async function readAsKept(response: Response): Promise<unknown> {
  const body = await parseBody(response);
  const total = response.headers.get("X-Total-Count");
  return total === null ? body : ({ items: body as unknown[], total: Number(total) } satisfies CountedList<unknown>);
}

/**
 * Turns a failed answer into an ApiError. Every failed answer passes here, whether fetch or an upload
 * received it, so that a 401 from anywhere ends the session in the dashboard too.
 */
export function apiErrorFromAnswer(status: number, bodyText: string, statusText: string): ApiError {
  if (status === 401) sessionEndedListener?.();
  const answer = errorAnswerOf(bodyText);
  return new ApiError(status, answer?.message || bodyText || statusText, answer?.field);
}

let sessionEndedListener: (() => void) | null = null;

/** Registers what to do when the server answers 401; returns the function that unregisters it. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListener = listener;
  return () => {
    if (sessionEndedListener === listener) sessionEndedListener = null;
  };
}

/** An API URL with its query parameters in the order given, leaving out the absent ones. */
export function apiUrl(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  return search.size === 0 ? path : `${path}?${search}`;
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
      if (options.on401 === "returnNull" && describeFailure(error).status === 401) return null;
      throw error;
    }
  };
}

export const fetcher = createFetcher({ on401: "throw" });

export const fetcherReturningNullOn401 = createFetcher({ on401: "returnNull" });

async function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  if (method !== "GET") forgetEarlyAnswers();
  const response = await (method === "GET"
    ? (takeEarlyAnswer(url) ?? readTogether(url))
    : fetch(url, {
        method,
        credentials: "include",
        headers: body === undefined ? undefined : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  if (!response.ok) throw apiErrorFromAnswer(response.status, await response.text(), response.statusText);
  return response;
}

/** The server's `{message, field?}`; undefined when the body is something else (a proxy's page, say). */
function errorAnswerOf(text: string): { message: string; field: string | undefined } | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "message" in parsed && typeof parsed.message === "string") {
      return { message: parsed.message, field: "field" in parsed && typeof parsed.field === "string" ? parsed.field : undefined };
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
