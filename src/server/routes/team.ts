import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { InvitationAnswer, NewTeamMemberBody, PasswordResetAnswer, TeamMember, TeamMemberChanges, TeamMemberList } from "../../contracts/team.ts";
import { changeRole, endTeamMemberSessions, findTeamMember, listTeam, setUserActive } from "../../core/team/team.ts";
import { resetTeamMemberPassword } from "../../core/team/password-reset-by-email.ts";
import { inviteUser, type InvitationDelivery } from "../../core/team/invitations.ts";
import { originOf } from "../client-address.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { toInvitationJson, toPasswordResetJson, toTeamMemberJson } from "../json/team-member-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * The team: everyone signed in sees it; only administrators invite and reset passwords (by e-mail when
 * the CRM sends it), change roles, end sessions or deactivate.
 */
export function teamRoutes(context: ServerContext) {
  const { db } = context;
  // The links go where the administrator reached the CRM, unless CRM_PUBLIC_URL says where staff do.
  const mailDelivery = (request: Request): InvitationDelivery => ({
    mailer: context.mail?.mailer ?? null,
    baseUrl: context.mail?.settings.publicUrl ?? originOf(request, context.trustProxy),
    env: context.env,
  });
  return new Elysia({ prefix: "/api/team" })
    .use(sessionGuard(context))
    .get("/", () => listTeam(db).map(toTeamMemberJson), { signedIn: true, ...answers(TeamMemberList) })
    .post(
      "/",
      async ({ body, set, user, request }) => {
        const invitation = await inviteUser(db, body, actorOf(user), mailDelivery(request));
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
    .post(
      "/:id/reset-password",
      async ({ params, user, request }) => toPasswordResetJson(await resetTeamMemberPassword(db, params.id, actorOf(user), mailDelivery(request))),
      { adminOnly: true, params: IdParams, ...answers(PasswordResetAnswer) },
    )
    .post("/:id/end-sessions", ({ params, user }) => toTeamMemberJson(endTeamMemberSessions(db, params.id, actorOf(user))), {
      adminOnly: true,
      params: IdParams,
      ...answers(TeamMember, { description: "Signed out everywhere" }),
    });
}
