import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { Mailer } from "../outgoing-mail/send-mail.ts";
import { readBranding } from "../settings/branding.ts";
import { createUser, type NewUser, type PublicUser } from "../users/users.ts";
import { issuePasswordLink } from "../auth/password-links.ts";
import { invitationMessage } from "../auth/password-link-mail.ts";

export interface Invitation {
  user: PublicUser;
  /** The one-time password to hand over, when no invitation e-mail went out; null when it did. */
  password: string | null;
  /** The address the invitation was e-mailed to; null when none was sent. */
  invitationSentTo: string | null;
  /** Why the invitation e-mail could not be sent, when sending was tried and failed. */
  mailFailure: string | null;
}

/** How an invitation reaches the new user: by e-mail through `mailer`, with links from `baseUrl`; or, without one, by hand. */
export interface InvitationDelivery {
  mailer: Mailer | null;
  /** The CRM's address the e-mail's links start with, without a trailing slash. */
  baseUrl: string | null;
  env?: Record<string, string | undefined>;
}

/**
 * Adds a user and invites them. With a mailer and the CRM's address, the invitation is e-mailed with a
 * single-use link to choose their password, and no password is shown to anybody; otherwise, or when the
 * e-mail cannot be sent, the administrator gets the one-time password to pass on, as before mail existed.
 */
export async function inviteUser(db: CrmDatabase, input: NewUser, actor: Actor, delivery: InvitationDelivery): Promise<Invitation> {
  const { user, password } = await createUser(db, { name: input.name, email: input.email, role: input.role }, actor);
  const byHand: Invitation = { user, password, invitationSentTo: null, mailFailure: null };
  if (!delivery.mailer || !delivery.baseUrl) return byHand;
  const token = inTransaction(db, () => issuePasswordLink(db, user.id, "invitation", new Date()));
  const message = invitationMessage({ to: user, productName: readBranding(db, delivery.env).productName, baseUrl: delivery.baseUrl, token }, actor.name);
  try {
    await delivery.mailer.sendMail(message);
  } catch (error) {
    return { ...byHand, mailFailure: `The invitation e-mail could not be sent (${error instanceof Error ? error.message : String(error)})` };
  }
  await whenDatabaseFree(() =>
    inTransaction(db, () => announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "password_link_sent", changes: [], actor, at: new Date() })),
  );
  return { user, password: null, invitationSentTo: user.email, mailFailure: null };
}
