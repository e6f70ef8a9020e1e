import { t } from "./type-builder.ts";
import { oneOf } from "./common.ts";

/**
 * Signing in and out: a session is an HttpOnly cookie set by POST /api/auth/login.
 *   POST  /api/auth/login   check the password and start a session (LoginBody → SessionUser)
 *   POST  /api/auth/logout  end the session, if any (→ 204)
 *   GET   /api/auth/me      the signed-in user (→ SessionUser, or 401)
 */

/** admin: everything, including the team and the integration; sales: the customer work. */
export const LOGIN_PATH = "/api/auth/login";

export const USER_ROLES = ["admin", "sales"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The longest e-mail address a request may carry (RFC 5321's limit). */
export const EMAIL_MAX_LENGTH = 320;

/** Far beyond any password anybody types: longer is not a password, and hashing it would cost for nothing. */
const PASSWORD_INPUT_MAX_LENGTH = 1024;

/** POST /api/auth/login: the e-mail is matched whatever its case. */
export const LoginBody = t.Object({
  email: t.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: t.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH }),
});
export type LoginBody = typeof LoginBody.static;

/** The signed-in user, as login and GET /api/auth/me answer it. */
export const SessionUser = t.Object({
  id: t.Integer(),
  name: t.String(),
  email: t.String(),
  role: oneOf("role", USER_ROLES),
});
export type SessionUser = typeof SessionUser.static;
