import { t } from "./type-builder.ts";
import { EMAIL_MAX_LENGTH, USER_ROLES, UserIdentity } from "./auth.ts";
import { IsoTime, oneOf, refusalWithText, RequiredShortText } from "./common.ts";

/**
 * The team: everyone signed in sees it; only administrators invite, change roles, reset passwords, end
 * sessions or deactivate. An invitation is e-mailed with a link to choose a password when the CRM sends
 * e-mail; otherwise invitations, like resets, give one-time passwords, which the user must replace at sign-in.
 *   GET    /api/team                          every user, active ones first, by name (→ TeamMember[])
 *   POST   /api/team                          invite a user: by e-mail when the CRM sends e-mail, else with a
 *                                             one-time password to hand over (NewTeamMemberBody → InvitationAnswer, 201)
 *   PATCH  /api/team/{id}                     change the role or (de)activate (TeamMemberChanges → TeamMember)
 *   POST   /api/team/{id}/reset-password      the user's password and sessions end: a link to choose a new one is
 *                                             e-mailed when the CRM sends e-mail, else a one-time password is
 *                                             given (→ PasswordResetAnswer)
 *   POST   /api/team/{id}/end-sessions        sign the user out everywhere; they can sign in again (→ TeamMember)
 */

/** A user as the team list shows them. */
export const TeamMember = t.Object({
  ...UserIdentity.properties,
  active: t.Boolean({ description: "Deactivated users keep their history but can no longer sign in or be given tasks" }),
  lastActiveAt: t.Union([IsoTime, t.Null()], { description: "Their last request; null when they never signed in" }),
});
export type TeamMember = typeof TeamMember.static;

export const TeamMemberList = t.Array(TeamMember);

/** A team member's e-mail address: one @, no spaces, a domain with a dot (or localhost, for trials). Core trims it and lowers its case. */
export const STAFF_EMAIL_PATTERN = "[^\\s@]+@(?:[^\\s@]+\\.[^\\s@]+|localhost)";

/** POST /api/team: the e-mail is stored in lower case; the name must not be blank. */
export const NewTeamMemberBody = t.Object({
  name: RequiredShortText,
  email: t.String({ maxLength: EMAIL_MAX_LENGTH, pattern: `^\\s*${STAFF_EMAIL_PATTERN}\\s*$`, error: refusalWithText("email", "is not a valid e-mail address") }),
  role: oneOf("role", USER_ROLES),
});
export type NewTeamMemberBody = typeof NewTeamMemberBody.static;

/** PATCH /api/team/{id}: the last active administrator can be neither demoted nor deactivated (409). */
export const TeamMemberChanges = t.Object({
  role: t.Optional(oneOf("role", USER_ROLES)),
  active: t.Optional(t.Boolean({ description: "false signs the user out everywhere at once" })),
});
export type TeamMemberChanges = typeof TeamMemberChanges.static;

/**
 * What an administrator's password reset answers: either a link to choose a new password went by e-mail
 * (`linkSentTo`) and no password is shown to anybody, or `password` is the one-time password to hand over,
 * given this once (no e-mail is sent, the user is deactivated, or sending failed: `mailFailure` says why).
 */
export const PasswordResetAnswer = t.Object({
  user: TeamMember,
  password: t.Union([t.String(), t.Null()]),
  linkSentTo: t.Union([t.String(), t.Null()]),
  mailFailure: t.Union([t.String(), t.Null()]),
});
export type PasswordResetAnswer = typeof PasswordResetAnswer.static;

/**
 * What inviting a user answers: either the invitation went by e-mail (`invitationSentTo`) and no password
 * is shown to anybody, or `password` is the one-time password to hand over, given this once (no e-mail is
 * sent, or sending failed: `mailFailure` says why).
 */
export const InvitationAnswer = t.Object({
  user: TeamMember,
  password: t.Union([t.String(), t.Null()]),
  invitationSentTo: t.Union([t.String(), t.Null()]),
  mailFailure: t.Union([t.String(), t.Null()]),
});
export type InvitationAnswer = typeof InvitationAnswer.static;
