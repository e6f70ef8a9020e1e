import type { TSchema } from "@sinclair/typebox";
import { ValueErrorType } from "@sinclair/typebox/errors";
import { Elysia, type ValidationError } from "elysia";
import { databaseBusyTooLong, isDatabaseBusy } from "../../core/database/busy.ts";
import { DomainError, type DomainErrorKind } from "../../core/errors.ts";
import { DATABASE_BUSY_HEADER } from "../answer-when-free.ts";
import { logFailure } from "../failure-log.ts";

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  throttled: 429,
  unavailable: 503,
};

/**
 * Turns every failure into JSON `{message}` with the right status. Unexpected errors are logged
 * on the server and answered with a generic 500: a stack trace never reaches a user.
 */
export const errorResponses = new Elysia({ name: "error-responses" }).onError({ as: "global" }, ({ code, error, set, path }) => {
  // Elysia wraps what a body parser throws (body-limits.ts refusing a body) in its own parse error.
  const failure = code === "PARSE" && error.cause instanceof DomainError ? error.cause : error;
  const answer = failure instanceof DomainError || isDatabaseBusy(failure) ? failureAnswer(failure, path) : (elysiaFailureAnswer(code, error, path) ?? failureAnswer(error, path));
  set.status = answer.status;
  Object.assign(set.headers, answer.headers);
  return answer.body;
});

const json: Readonly<Record<string, string>> = Object.freeze({ "content-type": "application/json" });

export interface FailureAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: { message: string; field?: string };
}

/**
 * What any failure is answered with, in the app or ahead of it (routes/webhooks.ts): a DomainError with its
 * kind's status, naming its field; another process's write lock with 503; an error carrying a status below
 * 500 with it; anything else logged and answered with a generic 500.
 */
export function failureAnswer(error: unknown, path: string): FailureAnswer {
  if (isDatabaseBusy(error)) {
    // Another process holds the write lock: answered only if waiting for it asynchronously took too long (answer-when-free.ts).
    return { status: 503, headers: { ...json, "retry-after": "1", [DATABASE_BUSY_HEADER]: "1" }, body: { message: databaseBusyTooLong().message } };
  }
  if (error instanceof DomainError) {
    const headers: Record<string, string> = { ...json };
    if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
    const body = error.field === undefined ? { message: error.message } : { message: error.message, field: error.field };
    return { status: STATUS_BY_KIND[error.kind], headers, body };
  }
  const status = error instanceof Error && "status" in error && typeof error.status === "number" ? error.status : 500;
  if (status >= 500) {
    logFailure(path, error);
    return { status: 500, headers: json, body: { message: "Something went wrong on the server" } };
  }
  return { status, headers: json, body: { message: error instanceof Error && error.message ? error.message : "Request failed" } };
}

/** Elysia's own refusals: a body or parameter its contract refuses, a body it could not parse, a path no route has. */
function elysiaFailureAnswer(code: string | number, error: unknown, path: string): FailureAnswer | undefined {
  switch (code) {
    case "VALIDATION": {
      const failure = error as ValidationError;
      return { status: 400, headers: json, body: describeValidationFailure(failure.type, failure.all[0], failure.customError, titleOf(failure.validator)) };
    }
    case "PARSE":
      return { status: 400, headers: json, body: { message: "The request body is not valid JSON" } };
    case "NOT_FOUND":
      return { status: 404, headers: json, body: { message: `Not found: ${path}` } };
    case "INVALID_COOKIE_SIGNATURE":
      return { status: 401, headers: json, body: { message: "Not signed in" } };
  }
  return undefined;
}

/**
 * Names the first field at fault, in words a person can act on. A contract's own message (query and path
 * values have one naming the parameter: Elysia checks a number's range without knowing its name) comes first.
 */
function describeValidationFailure(part: string, first: CheckFailure | undefined, contractMessage: unknown, checkedValueName: string | undefined) {
  const field = first?.path.replace(/^\//, "").replaceAll("/", ".") || checkedValueName;
  const withField = (message: string) => (field === undefined ? { message } : { message, field });
  if (first && field && (first.value === undefined || (part === "body" && isBlankWhereTextIsRequired(first)))) return withField(`${field} is required`);
  if (typeof contractMessage === "string") return withField(contractMessage);
  if (!first || !field) return { message: `The request ${part} is invalid` };
  if (first.type === ValueErrorType.StringMaxLength) return withField(`${field} must be at most ${first.schema?.maxLength} characters`);
  return withField(`${field} is invalid: ${first.message.toLowerCase()}`);
}

interface CheckFailure {
  path: string;
  message: string;
  value: unknown;
  type?: ValueErrorType;
  schema?: TSchema;
}

/** Blank text in a body where the contract's pattern asks for some (NOT_BLANK_PATTERN, an e-mail…) is missing, as core words it. */
function isBlankWhereTextIsRequired(failure: CheckFailure): boolean {
  const pattern = failure.schema?.pattern;
  return typeof failure.value === "string" && failure.value.trim() === "" && typeof pattern === "string" && !new RegExp(pattern).test(failure.value);
}

/** A number checked on its own (a query or path value's range) is named only by its schema's title (contracts/common.ts). */
function titleOf(schema: unknown): string | undefined {
  const title = (schema as { title?: unknown } | undefined)?.title;
  return typeof title === "string" ? title : undefined;
}
