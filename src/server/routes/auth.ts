import { Elysia } from "elysia";
import {
  ChangePasswordBody,
  LOGIN_PATH,
  LoginBody,
  PASSWORD_RESET_ANSWER_MESSAGE,
  PASSWORD_RESET_CONFIRM_PATH,
  PASSWORD_RESET_PATH,
  PasswordResetAnswer,
  PasswordResetBody,
  SessionUser,
  SetPasswordByLinkBody,
  UserSessionList,
} from "../../contracts/auth.ts";
import { requestPasswordReset } from "../../core/auth/password-reset.ts";
import { setPasswordByLink } from "../../core/auth/password-links.ts";
import { IdParams } from "../../contracts/common.ts";
import { changeOwnPassword } from "../../core/auth/change-password.ts";
import { endOwnSessions, endSession, listUserSessions } from "../../core/auth/sessions.ts";
import { signIn } from "../../core/auth/sign-in.ts";
import type { ServerContext } from "../context.ts";
import { toUserJson } from "../json/user-json.ts";
import { toUserSessionJson } from "../json/user-session-json.ts";
import {
  clearSessionCookie,
  DEVICE_COOKIE,
  readDeviceToken,
  readSessionToken,
  SESSION_COOKIE,
  sessionGuard,
  writeDeviceCookie,
  writeSessionCookie,
} from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function authRoutes(context: ServerContext) {
  /** The token of the session a signed-in request came with: the guard has resolved it. */
  const currentToken = (request: Request) => readSessionToken(request)!;
  return new Elysia({ prefix: "/api/auth" })
    .use(sessionGuard(context))
    .post(
      LOGIN_PATH.slice("/api/auth".length),
      async ({ body, request, cookie }) => {
        const { user, deviceToken, ...session } = await signIn(context.db, {
          email: body.email,
          password: body.password,
          clientAddress: context.clientAddress(request),
          deviceToken: readDeviceToken(request),
          browser: request.headers.get("user-agent"),
        });
        writeSessionCookie(cookie[SESSION_COOKIE], request, context.trustProxy, session);
        writeDeviceCookie(cookie[DEVICE_COOKIE], request, context.trustProxy, deviceToken);
        return toUserJson(user);
      },
      { body: LoginBody, ...answers(SessionUser) },
    )
    .post(
      PASSWORD_RESET_PATH.slice("/api/auth".length),
      ({ body, request, set }) => {
        const { delivery } = requestPasswordReset(context.db, context.mail?.mailer ?? null, {
          email: body.email,
          clientAddress: context.clientAddress(request),
          baseUrl: context.mail?.settings.publicUrl ?? context.ownUrl(),
          env: context.env,
        });
        // Sent after the answer, which says the same for every e-mail; a failure is the operator's to see.
        delivery?.catch((error: unknown) => console.error(`A password reset e-mail, or its entry in the audit trail, failed: ${error instanceof Error ? error.message : String(error)}`));
        set.status = 202;
        return { message: PASSWORD_RESET_ANSWER_MESSAGE };
      },
      { body: PasswordResetBody, ...answers(PasswordResetAnswer, { status: 202, description: "The same answer whether the e-mail is a user's or not" }) },
    )
    .post(
      PASSWORD_RESET_CONFIRM_PATH.slice("/api/auth".length),
      async ({ body, set }) => {
        await setPasswordByLink(context.db, body.token, body.newPassword);
        set.status = 204;
      },
      { body: SetPasswordByLinkBody, ...answers(null, { status: 204, description: "The password is set; every session of the user has ended" }) },
    )
    .post(
      "/logout",
      ({ request, cookie, set }) => {
        const token = readSessionToken(request);
        if (token) endSession(context.db, token);
        clearSessionCookie(cookie[SESSION_COOKIE], request, context.trustProxy);
        set.status = 204;
      },
      answers(null, { status: 204, description: "Signed out" }),
    )
    .get("/me", ({ user }) => toUserJson(user), { signedInEvenWithOneTimePassword: true, ...answers(SessionUser) })
    .post(
      "/password",
      async ({ user, body, request }) =>
        toUserJson(await changeOwnPassword(context.db, { userId: user.id, sessionToken: currentToken(request), ...body })),
      { signedInEvenWithOneTimePassword: true, body: ChangePasswordBody, ...answers(SessionUser, { description: "Changed; the user's other sessions have ended" }) },
    )
    .get("/sessions", ({ user, request }) => listUserSessions(context.db, user.id, currentToken(request)).map(toUserSessionJson), {
      signedIn: true,
      ...answers(UserSessionList),
    })
    .post(
      "/sessions/end-others",
      ({ user, request, set }) => {
        endOwnSessions(context.db, user, { allBut: currentToken(request) });
        set.status = 204;
      },
      { signedIn: true, ...answers(null, { status: 204, description: "Every other session has ended" }) },
    )
    .delete(
      "/sessions/:id",
      ({ user, params, set }) => {
        endOwnSessions(context.db, user, { sessionId: params.id });
        set.status = 204;
      },
      { signedIn: true, params: IdParams, ...answers(null, { status: 204, description: "The session has ended" }) },
    );
}
