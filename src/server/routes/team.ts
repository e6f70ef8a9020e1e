import { Elysia, t } from "elysia";
import { changeRole, listTeam, resetPassword, setUserActive } from "../../core/users/team.ts";
import { createUser, type PublicUser } from "../../core/users/users.ts";
import type { TeamMember } from "../../core/users/team.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam } from "./params.ts";

/** The team: everyone signed in sees it; only administrators invite, change roles, reset passwords or deactivate. */
export function teamRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/team" })
    .use(sessionGuard(context))
    .get("/", () => listTeam(db).map(toMemberJson), { signedIn: true })
    .post(
      "/",
      async ({ body, set }) => {
        const { user, password } = await createUser(db, { email: body.email, name: body.name, role: body.role });
        set.status = 201;
        return { user: toMemberJson({ ...user, lastActiveAt: null }), password };
      },
      { adminOnly: true, body: t.Object({ name: t.String({ maxLength: 200 }), email: t.String({ maxLength: 320 }), role: t.String({ maxLength: 20 }) }) },
    )
    .patch(
      "/:id",
      ({ params, body }) => {
        let user: PublicUser | undefined;
        if (body.role !== undefined) user = changeRole(db, params.id, body.role);
        if (body.active !== undefined) user = setUserActive(db, params.id, body.active);
        return toMemberJson(listTeam(db).find((member) => member.id === params.id) ?? { ...user!, lastActiveAt: null });
      },
      { adminOnly: true, params: idParam, body: t.Object({ role: t.Optional(t.String({ maxLength: 20 })), active: t.Optional(t.Boolean()) }) },
    )
    .post(
      "/:id/reset-password",
      async ({ params }) => {
        const { user, password } = await resetPassword(db, params.id);
        return { user: toMemberJson({ ...user, lastActiveAt: null }), password };
      },
      { adminOnly: true, params: idParam },
    );
}

function toMemberJson(member: TeamMember) {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    active: member.active,
    lastActiveAt: member.lastActiveAt?.toISOString() ?? null,
  };
}
