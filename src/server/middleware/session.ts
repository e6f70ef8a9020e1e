import { Elysia, type Cookie } from "elysia";
import { LOGIN_PATH, MUST_CHANGE_PASSWORD_MESSAGE } from "../../contracts/auth.ts";
import { KNOWN_DEVICE_LIFETIME_MS } from "../../core/auth/known-devices.ts";
import { resolveSession } from "../../core/auth/sessions.ts";
import { DomainError, forbidden } from "../../core/errors.ts";
import type { PublicUser } from "../../core/users/users.ts";
import { cameOverHttps } from "../client-address.ts";
import type { ServerContext } from "../context.ts";

export const SESSION_COOKIE = "crm_session";
/** Names the browser a user signed in from before: sign-in then holds it back for nobody else's failures. */
export const DEVICE_COOKIE = "crm_device";

/**
 * Route options `signedIn: true` and `adminOnly: true`: the route then receives `user`, and
 * everybody else is answered 401 (no valid session) or 403 (signed in, but not an admin).
 * The check runs in the transform phase, before the body is validated, so that a caller without a
 * session learns nothing about what the route expects.
 *
 * A user whose password is a one-time one is answered 403 by both, whatever the route: somebody else has
 * seen that password. Only the routes that let them choose their own take `signedInEvenWithOneTimePassword: true`.
 */
export function sessionGuard(context: ServerContext) {
  const usersByRequest = new WeakMap<Request, PublicUser>();
  const sessionUser = (request: Request): PublicUser => {
    const known = usersByRequest.get(request);
    if (known) return known;
    const user = requireUser(context, request);
    usersByRequest.set(request, user);
    return user;
  };
  const signedInUser = (request: Request): PublicUser => {
    const user = sessionUser(request);
    if (user.mustChangePassword) throw forbidden(MUST_CHANGE_PASSWORD_MESSAGE);
    return user;
  };
  const adminUser = (request: Request): PublicUser => {
    const user = signedInUser(request);
    if (user.role !== "admin") throw forbidden("Only administrators can do this");
    return user;
  };

  return new Elysia().macro({
    signedInEvenWithOneTimePassword: {
      detail: { security: [{ session: [] }] },
      transform: ({ request }) => void sessionUser(request),
      resolve: ({ request }) => ({ user: sessionUser(request) }),
    },
    signedIn: {
      // For the OpenAPI description: the route takes the session cookie.
      detail: { security: [{ session: [] }] },
      transform: ({ request }) => void signedInUser(request),
      resolve: ({ request }) => ({ user: signedInUser(request) }),
    },
    adminOnly: {
      detail: { security: [{ session: [] }], description: "Administrators only." },
      transform: ({ request }) => void adminUser(request),
      resolve: ({ request }) => ({ user: adminUser(request) }),
    },
  });
}

/**
 * The browser keeps the cookie until the session ends, not a moment longer. Secure when the browser reached
 * us over HTTPS: behind a proxy, only as a trusted proxy says (client-address.ts).
 */
export function writeSessionCookie(cookie: Cookie<unknown> | undefined, request: Request, trustProxy: boolean, session: { token: string; expiresAt: Date }): void {
  cookie?.set({
    value: session.token,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cameOverHttps(request, trustProxy),
    maxAge: Math.floor((session.expiresAt.getTime() - Date.now()) / 1000),
  });
}

export function clearSessionCookie(cookie: Cookie<unknown> | undefined, request: Request, trustProxy: boolean): void {
  cookie?.set({ value: "", httpOnly: true, sameSite: "lax", path: "/", secure: cameOverHttps(request, trustProxy), maxAge: 0 });
}

/**
 * The browser's device token (src/core/auth/known-devices.ts), sent back only to sign-in: it outlives
 * sessions and sign-outs, so that the browser stays known where the user signs in.
 */
export function writeDeviceCookie(cookie: Cookie<unknown> | undefined, request: Request, trustProxy: boolean, deviceToken: string): void {
  cookie?.set({
    value: deviceToken,
    httpOnly: true,
    sameSite: "strict",
    path: LOGIN_PATH,
    secure: cameOverHttps(request, trustProxy),
    maxAge: KNOWN_DEVICE_LIFETIME_MS / 1000,
  });
}

function requireUser(context: ServerContext, request: Request): PublicUser {
  const token = readSessionToken(request);
  const user = token ? resolveSession(context.db, token) : null;
  if (!user) throw new DomainError("unauthorized", "Not signed in");
  return user;
}

export function readSessionToken(request: Request): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

export function readDeviceToken(request: Request): string | undefined {
  return readCookie(request, DEVICE_COOKIE);
}

/**
 * Read from the header rather than Elysia's `cookie` context: Elysia decides per route whether to parse
 * cookies by reading the handler's source, which a minified build no longer shows. The first pair named
 * `name` (spaces around the name and the value aside) gives the value; found by searching for the name
 * rather than cutting the header into pairs, as every API request reads its session cookie.
 */
function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (header === null) return undefined;
  for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
    if (!beginsPair(header, at)) continue;
    let equals = at + name.length;
    while (isSpace(header.charCodeAt(equals))) equals++;
    if (header.charCodeAt(equals) !== EQUALS) continue;
    const end = header.indexOf(";", equals);
    return decodeCookieValue(header.slice(equals + 1, end === -1 ? header.length : end).trim()) || undefined;
  }
  return undefined;
}

/** Whether only spaces stand between `at` and the start of the header or the `;` before it. */
function beginsPair(header: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && isSpace(header.charCodeAt(before))) before--;
  return before === -1 || header.charCodeAt(before) === SEMICOLON;
}

function isSpace(character: number): boolean {
  return character === SPACE || character === TAB;
}

const SPACE = 32;
const TAB = 9;
const EQUALS = 61;
const SEMICOLON = 59;

/** Our tokens never need decoding; a value that does, but is not valid percent-encoding, is no token. */
function decodeCookieValue(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return "";
  }
}
