import { Elysia } from "elysia";
import { LOGIN_PATH, PASSWORD_RESET_CONFIRM_PATH, PASSWORD_RESET_PATH } from "../../contracts/auth.ts";
import { JSON_BODY_MAX_BYTES, JSON_BODY_MAX_DEPTH, PUBLIC_BODY_MAX_BYTES } from "../../contracts/common.ts";
import { UPLOADS_PATH } from "../../contracts/imports.ts";
import { BULK_ASSIGN_BODY_MAX_BYTES, BULK_ASSIGN_LIST_PATH } from "../../contracts/lists.ts";
import { DomainError, invalid } from "../../core/errors.ts";
import { readSessionToken } from "./session.ts";
import { formatCount } from "../../contracts/counts.ts";

/**
 * Every request body is read here, within its limit, before anything parses it: 64 KB for the routes
 * anybody may call (sign-in, "Forgot password?" and its confirmation), 4 MB for a bulk assignment's 50,000
 * e-mails, 1 MB for the other JSON routes, nested at most 32 deep. A body over its limit is refused with 413
 * as soon as its declared length or its bytes pass the limit, without reading the rest; one nested deeper is
 * refused with 400 before JSON.parse builds it, and any JSON but an object (every body the API takes is one)
 * with 400 once it is parsed. Only JSON is read: the CSV upload streams its own body to disk within its own
 * limit (routes/uploads.ts). ShipStation's webhooks, answered ahead of the app (routes/webhooks.ts), read
 * theirs with the same functions. Elysia parses a body before a route checks the session, so a body sent
 * without a session cookie to a route that needs one is refused with 401 unread.
 */
export const bodyLimits = new Elysia({ name: "body-limits" }).onParse({ as: "global" }, ({ request, path }) => {
  // Parsed as nothing, so that no parser reads the stream the upload route writes to disk.
  if (path.startsWith(UPLOADS_PATH)) return null;
  const publicLimit = LIMITS_BY_PUBLIC_PATH.get(path);
  if (publicLimit === undefined && readSessionToken(request) === undefined) throw new DomainError("unauthorized", "Not signed in");
  return readJsonBodyWithin(request, publicLimit ?? LIMITS_BY_PATH.get(path) ?? JSON_BODY_MAX_BYTES);
});

/** A JSON object body within `limit` bytes (an empty body is an empty object), or the DomainError that refuses it. */
export async function readJsonBodyWithin(request: Request, limit: number): Promise<Record<string, unknown>> {
  const text = new TextDecoder().decode(await readBodyWithin(request, limit));
  if (text.trim() === "") return {};
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("application/json")) throw invalid("body", "The request body must be JSON (Content-Type: application/json)");
  if (nestingDepth(text) > JSON_BODY_MAX_DEPTH) throw invalid("body", `The request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid("body", "The request body is not valid JSON");
  }
  // Every contract's body is an object (a test holds them to it). Elysia, filling in a contract's defaults,
  // would make an empty object of any other value and let it through.
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("body", "The request body must be a JSON object");
  return body as Record<string, unknown>;
}

/**
 * The body's bytes as they came, within `limit`. A body of a length declared within the limit (and not
 * chunked) is that long, as HTTP frames it, so it is read whole, which Bun does without a stream's turn per
 * chunk; any other is read chunk by chunk and given up, unread, as soon as it passes the limit.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw tooLarge(limit);
  if (request.headers.has("content-length") && !request.headers.has("transfer-encoding")) {
    const bytes = await request.bytes();
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return bytes;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const LIMITS_BY_PUBLIC_PATH = new Map([
  [LOGIN_PATH, PUBLIC_BODY_MAX_BYTES],
  [PASSWORD_RESET_PATH, PUBLIC_BODY_MAX_BYTES],
  [PASSWORD_RESET_CONFIRM_PATH, PUBLIC_BODY_MAX_BYTES],
]);

const LIMITS_BY_PATH = new Map([[BULK_ASSIGN_LIST_PATH, BULK_ASSIGN_BODY_MAX_BYTES]]);

function tooLarge(limit: number): DomainError {
  return new DomainError("too_large", `The request body is larger than ${formatCount(Math.round(limit / 1024))} KB`);
}

/** How deeply the JSON text nests objects and arrays, brackets inside strings aside: one pass, no parsing. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === BACKSLASH) index++;
      else if (character === QUOTE) inString = false;
    } else if (character === QUOTE) inString = true;
    else if (character === OPEN_BRACE || character === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
    else if (character === CLOSE_BRACE || character === CLOSE_BRACKET) depth--;
  }
  return deepest;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
