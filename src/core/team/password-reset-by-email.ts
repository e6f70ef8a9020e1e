import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { issuePasswordLink } from "../auth/password-links.ts";
import { teamPasswordResetMessage } from "../auth/password-link-mail.ts";
import { readBranding } from "../settings/branding.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";
import type { InvitationDelivery } from "./invitations.ts";
import { endPasswordForLink, requireUser, resetPassword } from "./team.ts";

export interface TeamPasswordReset {
  user: PublicUser;
  /** The one-time password to hand over, when no link was e-mailed; null when it was. */
  password: string | null;
  /** The address the link to choose a new password went to; null when none was sent. */
  linkSentTo: string | null;
  /** Why the e-mail could not be sent, when sending was tried and failed. */
  mailFailure: string | null;
}

/**
 * An administrator's "Reset password". When the CRM sends e-mail, the user gets an e-mail with a
 * single-use link to choose a new password, as "Forgot password?" sends (auth/password-links.ts), and once it is sent their
 * password stops working and their sessions end; nobody sees a password. Without e-mail, for a deactivated
 * user (whom a link would not let in), or when the e-mail cannot be sent, the administrator gets a one-time
 * password to pass on, as before.
 */
export async function resetTeamMemberPassword(db: CrmDatabase, userId: number, actor: Actor, delivery: InvitationDelivery): Promise<TeamPasswordReset> {
  const member = toPublicUser(requireUser(db, userId));
  const byHand = async (mailFailure: string | null): Promise<TeamPasswordReset> => ({ ...(await resetPassword(db, userId, actor)), linkSentTo: null, mailFailure });
  if (!delivery.mailer || !delivery.baseUrl || !member.active) return byHand(null);
  const token = inTransaction(db, () => issuePasswordLink(db, member.id, "reset", new Date()));
  try {
    await delivery.mailer.sendMail(teamPasswordResetMessage({ to: member, productName: readBranding(db, delivery.env).productName, baseUrl: delivery.baseUrl, token }, actor.name));
  } catch (error) {
    return byHand(`The e-mail could not be sent (${error instanceof Error ? error.message : String(error)})`);
  }
  const user = await endPasswordForLink(db, member.id, actor);
  await whenDatabaseFree(() =>
    inTransaction(db, () => announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "password_link_sent", changes: [], actor, at: new Date() })),
  );
  return { user, password: null, linkSentTo: user.email, mailFailure: null };
}
