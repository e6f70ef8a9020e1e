import { Elysia } from "elysia";
import { LOGIN_PATH, LoginBody, SessionUser } from "../../contracts/auth.ts";
import { endSession } from "../../core/auth/sessions.ts";
import { signIn } from "../../core/auth/sign-in.ts";
import type { ServerContext } from "../context.ts";
import { toUserJson } from "../json/user-json.ts";
import { clearSessionCookie, readSessionToken, SESSION_COOKIE, sessionGuard, writeSessionCookie } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

export function authRoutes(context: ServerContext) {
  return new Elysia({ prefix: "/api/auth" })
    .use(sessionGuard(context))
    .post(
      LOGIN_PATH.slice("/api/auth".length),
      async ({ body, request, cookie }) => {
        const { user, token } = await signIn(context.db, {
          email: body.email,
          password: body.password,
          clientAddress: context.clientAddress(request),
        });
        writeSessionCookie(cookie[SESSION_COOKIE], request, token);
        return toUserJson(user);
      },
      { body: LoginBody, ...answers(SessionUser) },
    )
    .post(
      "/logout",
      ({ request, cookie, set }) => {
        const token = readSessionToken(request);
        if (token) endSession(context.db, token);
        clearSessionCookie(cookie[SESSION_COOKIE], request);
        set.status = 204;
      },
      answers(null, { status: 204, description: "Signed out" }),
    )
    .get("/me", ({ user }) => toUserJson(user), { signedIn: true, ...answers(SessionUser) });
}
