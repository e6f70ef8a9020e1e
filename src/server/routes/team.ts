import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { InvitationAnswer, NewTeamMemberBody, OneTimePasswordAnswer, TeamMember, TeamMemberChanges, TeamMemberList } from "../../contracts/team.ts";
import { changeRole, endTeamMemberSessions, findTeamMember, listTeam, resetPassword, setUserActive } from "../../core/team/team.ts";
import { inviteUser } from "../../core/team/invitations.ts";
import { originOf } from "../client-address.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { toInvitationJson, toOneTimePasswordJson, toTeamMemberJson } from "../json/team-member-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * The team: everyone signed in sees it; only administrators invite (by e-mail when the CRM sends it),
 * change roles, reset passwords, end sessions or deactivate.
 */
export function teamRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/team" })
    .use(sessionGuard(context))
    .get("/", () => listTeam(db).map(toTeamMemberJson), { signedIn: true, ...answers(TeamMemberList) })
    .post(
      "/",
      async ({ body, set, user, request }) => {
        // The links go where the administrator reached the CRM, unless CRM_PUBLIC_URL says where staff do.
        const baseUrl = context.mail?.settings.publicUrl ?? originOf(request, context.trustProxy);
        const invitation = await inviteUser(db, body, actorOf(user), { mailer: context.mail?.mailer ?? null, baseUrl, env: context.env });
        set.status = 201;
        return toInvitationJson(invitation);
      },
      { adminOnly: true, body: NewTeamMemberBody, ...answers(InvitationAnswer, { status: 201 }) },
    )
    .patch(
      "/:id",
      ({ params, body, user }) => {
        if (body.role !== undefined) changeRole(db, params.id, body.role, actorOf(user));
        if (body.active !== undefined) setUserActive(db, params.id, body.active, actorOf(user));
        return toTeamMemberJson(findTeamMember(db, params.id));
      },
      { adminOnly: true, params: IdParams, body: TeamMemberChanges, ...answers(TeamMember) },
    )
    .post("/:id/reset-password", async ({ params, user }) => toOneTimePasswordJson(await resetPassword(db, params.id, actorOf(user))), {
      adminOnly: true,
      params: IdParams,
      ...answers(OneTimePasswordAnswer),
    })
    .post("/:id/end-sessions", ({ params, user }) => toTeamMemberJson(endTeamMemberSessions(db, params.id, actorOf(user))), {
      adminOnly: true,
      params: IdParams,
      ...answers(TeamMember, { description: "Signed out everywhere" }),
    });
}
