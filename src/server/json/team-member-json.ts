import type { InvitationAnswer, PasswordResetAnswer, TeamMember } from "../../contracts/team.ts";
import type { Invitation } from "../../core/team/invitations.ts";
import type { TeamPasswordReset } from "../../core/team/password-reset-by-email.ts";
import type { TeamMember as CoreTeamMember } from "../../core/team/team.ts";

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
 * An administrator's password reset: e-mailed, or with the one-time password to hand over. A reset ends
 * every session of the user, so they have no last activity.
 */
export function toPasswordResetJson({ user, ...reset }: TeamPasswordReset): PasswordResetAnswer {
  return { user: toTeamMemberJson({ ...user, lastActiveAt: null }), ...reset };
}

/** An invitation: e-mailed, or with the one-time password to hand over. The invited user never signed in. */
export function toInvitationJson({ user, ...invitation }: Invitation): InvitationAnswer {
  return { user: toTeamMemberJson({ ...user, lastActiveAt: null }), ...invitation };
}
