import type { TeamMember } from "../../api/team";
import type { NewTeamMember, TeamRole } from "../../api/team-members";
import { formatUsDateTime } from "../../format/dates";

/** '04/02/2026, 10:39 AM', or 'Never' for someone who has not signed in yet. */
export function lastActiveLabel(lastActiveAt: string | null): string {
  return lastActiveAt === null ? "Never" : formatUsDateTime(lastActiveAt);
}

export type TeamMemberAction = "changeRole" | "resetPassword" | "endSessions" | "deactivate" | "reactivate";

/**
 * What an administrator may do to a row. On their own row neither Deactivate, Reset password nor End
 * sessions: each ends the user's sessions, so they would be signed out there and then (the new password
 * lost with the page); their own sessions are theirs to end on 'My account'. A deactivated user has no
 * sessions to end.
 */
export function teamMemberActions(member: TeamMember, signedInUserId: number): TeamMemberAction[] {
  if (member.id === signedInUserId) return ["changeRole"];
  return member.active ? ["changeRole", "resetPassword", "endSessions", "deactivate"] : ["changeRole", "resetPassword", "reactivate"];
}

/** The invite form as typed. */
export interface InviteForm {
  name: string;
  email: string;
  role: TeamRole;
}

export const EMPTY_INVITE_FORM: InviteForm = { name: "", email: "", role: "sales" };

/** What to send: trimmed, which is how the server stores them. */
export function newTeamMemberOf(form: InviteForm): NewTeamMember {
  return { name: form.name.trim(), email: form.email.trim(), role: form.role };
}

/** Both a name and an e-mail are needed; the e-mail's form is checked by the browser and the server. */
export function canInvite(form: InviteForm): boolean {
  const member = newTeamMemberOf(form);
  return member.name !== "" && member.email !== "";
}
