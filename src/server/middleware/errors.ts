import type { TSchema } from "@sinclair/typebox";
import { ValueErrorType } from "@sinclair/typebox/errors";
import { Elysia } from "elysia";
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
  set.headers["content-type"] = "application/json";
  if (isDatabaseBusy(error)) {
    // Another process holds the write lock: answered only if waiting for it asynchronously took too long (answer-when-free.ts).
    set.status = 503;
    set.headers["retry-after"] = "1";
    set.headers[DATABASE_BUSY_HEADER] = "1";
    return { message: databaseBusyTooLong().message };
  }
  // Elysia wraps what a body parser throws (body-limits.ts refusing a body) in its own parse error.
  const domainError = error instanceof DomainError ? error : code === "PARSE" && error.cause instanceof DomainError ? error.cause : undefined;
  if (domainError) {
    set.status = STATUS_BY_KIND[domainError.kind];
    if (domainError.retryAfterSeconds !== undefined) set.headers["retry-after"] = String(domainError.retryAfterSeconds);
    return domainError.field === undefined ? { message: domainError.message } : { message: domainError.message, field: domainError.field };
  }
  switch (code) {
    case "VALIDATION":
      set.status = 400;
      return describeValidationFailure(error.type, error.all[0], error.customError, titleOf(error.validator));
    case "PARSE":
      set.status = 400;
      return { message: "The request body is not valid JSON" };
    case "NOT_FOUND":
      set.status = 404;
      return { message: `Not found: ${path}` };
    case "INVALID_COOKIE_SIGNATURE":
      set.status = 401;
      return { message: "Not signed in" };
  }
  const status = "status" in error && typeof error.status === "number" ? error.status : 500;
  if (status >= 500) {
    logFailure(path, error);
    set.status = 500;
    return { message: "Something went wrong on the server" };
  }
  set.status = status;
  return { message: "message" in error && error.message ? error.message : "Request failed" };
});

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
