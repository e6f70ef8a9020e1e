import { Elysia, t } from "elysia";
import { endSession } from "../../core/auth/sessions.ts";
import { signIn } from "../../core/auth/sign-in.ts";
import type { ServerContext } from "../context.ts";
import { clearSessionCookie, readSessionToken, SESSION_COOKIE, sessionGuard, writeSessionCookie } from "../middleware/session.ts";
import { toUserJson } from "./user-json.ts";

export function authRoutes(context: ServerContext) {
  return new Elysia({ prefix: "/api/auth" })
    .use(sessionGuard(context))
    .post(
      "/login",
      async ({ body, request, cookie }) => {
        const { user, token } = await signIn(context.db, {
          email: body.email,
          password: body.password,
          clientAddress: context.clientAddress(request),
        });
        writeSessionCookie(cookie[SESSION_COOKIE], request, token);
        return toUserJson(user);
      },
      { body: t.Object({ email: t.String({ maxLength: 320 }), password: t.String({ maxLength: 1024 }) }) },
    )
    .post("/logout", ({ request, cookie, set }) => {
      const token = readSessionToken(request);
      if (token) endSession(context.db, token);
      clearSessionCookie(cookie[SESSION_COOKIE], request);
      set.status = 204;
    })
    .get("/me", ({ user }) => toUserJson(user), { signedIn: true });
}
