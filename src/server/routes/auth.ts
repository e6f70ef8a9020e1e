import { Elysia } from "elysia";
import { ChangePasswordBody, LOGIN_PATH, LoginBody, SessionUser, UserSessionList } from "../../contracts/auth.ts";
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
