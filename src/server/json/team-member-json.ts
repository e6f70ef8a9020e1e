import type { InvitationAnswer, OneTimePasswordAnswer, TeamMember } from "../../contracts/team.ts";
import type { Invitation } from "../../core/team/invitations.ts";
import type { TeamMember as CoreTeamMember } from "../../core/team/team.ts";
import type { PublicUser } from "../../core/users/users.ts";

export function toTeamMemberJson(member: CoreTeamMember): TeamMember {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    active: member.active,
    lastActiveAt: member.lastActiveAt?.toISOString() ?? null,
  };
}

/**
 * A password handed over once, with its user. Neither an invited user nor one whose password was just reset
 * has a last activity: the first never signed in, and a reset ends every session of the second.
 */
export function toOneTimePasswordJson({ user, password }: { user: PublicUser; password: string }): OneTimePasswordAnswer {
  return { user: toTeamMemberJson({ ...user, lastActiveAt: null }), password };
}

/** An invitation: e-mailed, or with the one-time password to hand over. The invited user never signed in. */
export function toInvitationJson({ user, ...invitation }: Invitation): InvitationAnswer {
  return { user: toTeamMemberJson({ ...user, lastActiveAt: null }), ...invitation };
}
