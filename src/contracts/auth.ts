import { t } from "./type-builder.ts";
import { IsoTime, oneOf } from "./common.ts";

/**
 * Signing in and out, and the signed-in user's own password and sessions: a session is an HttpOnly cookie
 * set by POST /api/auth/login, which also hands the browser a device cookie that later sign-ins bring back
 * (src/core/auth/known-devices.ts).
 *   POST    /api/auth/login                check the password and start a session (LoginBody → SessionUser)
 *   POST    /api/auth/logout               end the session, if any (→ 204)
 *   GET     /api/auth/me                   the signed-in user (→ SessionUser, or 401)
 *   POST    /api/auth/password             change my password; my other sessions end (ChangePasswordBody → SessionUser)
 *   GET     /api/auth/sessions             my sessions, the latest used first (→ UserSession[])
 *   DELETE  /api/auth/sessions/{id}        end one of my sessions (→ 204; 404 when it is not mine)
 *   POST    /api/auth/sessions/end-others  end all my sessions but this one (→ 204)
 *   POST    /api/auth/password-reset       "Forgot password?": e-mail a link to choose a new password, if the
 *                                          e-mail is a user's (PasswordResetBody → 202 PasswordResetAnswer, the
 *                                          same whatever the e-mail); no session needed
 *   POST    /api/auth/password-reset/confirm  choose a new password with an e-mailed link's token; every session
 *                                          of the user ends (SetPasswordByLinkBody → 204); no session needed
 *
 * While the signed-in user's password is a one-time one (`mustChangePassword`), every other signed-in call
 * answers 403 with MUST_CHANGE_PASSWORD_MESSAGE: only me, logout and changing the password are open.
 */

/** admin: everything, including the team and the integration; sales: the customer work. */
export const LOGIN_PATH = "/api/auth/login";
export const PASSWORD_RESET_PATH = "/api/auth/password-reset";
export const PASSWORD_RESET_CONFIRM_PATH = "/api/auth/password-reset/confirm";

/**
 * The dashboard's screen an e-mailed link opens to choose a password (a reset or an invitation). The token
 * rides in the fragment, which the browser never sends to a server, so no proxy's log keeps it.
 */
export const SET_PASSWORD_SCREEN_PATH = "/set-password";
export const FORGOT_PASSWORD_SCREEN_PATH = "/forgot-password";

/** The link an e-mail carries, from the CRM's address (no trailing slash) and the link's token. */
export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}${SET_PASSWORD_SCREEN_PATH}#token=${token}`;
}

export const USER_ROLES = ["admin", "sales"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The longest e-mail address a request may carry (RFC 5321's limit). */
export const EMAIL_MAX_LENGTH = 320;

/** Far beyond any password anybody types: longer is not a password, and hashing it would cost for nothing. */
const PASSWORD_INPUT_MAX_LENGTH = 1024;

/** The shortest password anybody may choose (NIST SP 800-63B asks for at least 8; ten leaves guessing far behind). */
export const PASSWORD_MIN_LENGTH = 10;
/** The longest password anybody may choose: room for any passphrase. */
export const PASSWORD_MAX_LENGTH = 256;

/** The longest User-Agent a session keeps: enough to tell browsers apart, and a caller cannot make it any longer. */
export const SESSION_BROWSER_MAX_LENGTH = 200;

/** What every signed-in call but me, logout and changing the password answers (403) while the password is a one-time one. */
export const MUST_CHANGE_PASSWORD_MESSAGE = "Choose a new password first";

/** POST /api/auth/login: the e-mail is matched whatever its case. */
export const LoginBody = t.Object({
  email: t.String({ maxLength: EMAIL_MAX_LENGTH }),
  password: t.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH }),
});
export type LoginBody = typeof LoginBody.static;

/** Who a user is, wherever an answer shows one. */
export const UserIdentity = t.Object({
  id: t.Integer(),
  name: t.String(),
  email: t.String(),
  role: oneOf("role", USER_ROLES),
});

/** The signed-in user, as login and GET /api/auth/me answer it. */
export const SessionUser = t.Object({
  ...UserIdentity.properties,
  mustChangePassword: t.Boolean({ description: "The password is a one-time one: the user must choose their own before doing anything else" }),
});
export type SessionUser = typeof SessionUser.static;

/**
 * POST /api/auth/password. The new password is at least PASSWORD_MIN_LENGTH characters, is neither the
 * user's e-mail nor one of the most common passwords, and differs from the current one; a refusal names the
 * field at fault (a wrong current password names currentPassword).
 */
export const ChangePasswordBody = t.Object({
  currentPassword: t.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH }),
  newPassword: t.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH, description: `At least ${PASSWORD_MIN_LENGTH} characters` }),
});
export type ChangePasswordBody = typeof ChangePasswordBody.static;

/** POST /api/auth/password-reset. */
export const PasswordResetBody = t.Object({
  email: t.String({ maxLength: EMAIL_MAX_LENGTH }),
});
export type PasswordResetBody = typeof PasswordResetBody.static;

/** What a password reset request answers, the same whether the e-mail is a user's or not. */
export const PASSWORD_RESET_ANSWER_MESSAGE = "If this e-mail belongs to a user, a link to choose a new password is on its way. It works once, within an hour.";
export const PasswordResetAnswer = t.Object({ message: t.String() });
export type PasswordResetAnswer = typeof PasswordResetAnswer.static;

/** The longest token a link carries: its id, a dot and 43 characters of secret; longer is no token. */
const PASSWORD_LINK_TOKEN_MAX_LENGTH = 100;

/**
 * POST /api/auth/password-reset/confirm: the token from the link, and the new password, held to the same
 * rules as changing one's password (ChangePasswordBody); a refusal names newPassword, or token for a link
 * that is unknown, used or expired.
 */
export const SetPasswordByLinkBody = t.Object({
  token: t.String({ maxLength: PASSWORD_LINK_TOKEN_MAX_LENGTH }),
  newPassword: t.String({ maxLength: PASSWORD_INPUT_MAX_LENGTH, description: `At least ${PASSWORD_MIN_LENGTH} characters` }),
});
export type SetPasswordByLinkBody = typeof SetPasswordByLinkBody.static;

/** One of the signed-in user's sessions: a browser where they signed in. Never its token. */
export const UserSession = t.Object({
  id: t.Integer(),
  createdAt: IsoTime,
  lastSeenAt: IsoTime,
  browser: t.Union([t.String({ maxLength: SESSION_BROWSER_MAX_LENGTH }), t.Null()], { description: "The browser's User-Agent at sign-in; null for sessions older than this record" }),
  address: t.Union([t.String(), t.Null()], { description: "The network address it signed in from; null for sessions older than this record" }),
  current: t.Boolean({ description: "The session this request came with" }),
});
export type UserSession = typeof UserSession.static;

export const UserSessionList = t.Array(UserSession);
