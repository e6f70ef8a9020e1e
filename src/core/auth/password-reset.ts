import { and, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { passwordResetRequests } from "../database/schema.ts";
import { DomainError, throttled } from "../errors.ts";
import { inTransaction } from "../database/transaction.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { Actor } from "../changes/actor.ts";
import type { Mailer } from "../outgoing-mail/send-mail.ts";
import { readBranding } from "../settings/branding.ts";
import { findUserByEmail } from "../users/users.ts";
import { issuePasswordLink } from "./password-links.ts";
import { passwordResetMessage } from "./password-link-mail.ts";

/**
 * "Forgot password?" requests that count against asking again, within PASSWORD_RESET_WINDOW_MS: per e-mail
 * (so nobody floods a colleague's inbox) and per network address (so nobody walks a list of e-mails). Known
 * and unknown e-mails count alike, so that the refusal says nothing about who is a user.
 */
export const PASSWORD_RESET_REQUESTS_PER_EMAIL = 5;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS = 20;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;

/** What asking answers while no SMTP server is configured: nothing could be sent, whoever asks. */
export const NO_PASSWORD_RESET_BY_EMAIL_MESSAGE = "This CRM sends no e-mail: ask an administrator to reset your password";

export interface PasswordResetRequest {
  email: string;
  clientAddress: string;
  /** The CRM's address the e-mailed link starts with, without a trailing slash. */
  baseUrl: string;
  env?: Record<string, string | undefined>;
}

/**
 * Asks for a link to choose a new password. Whether or not the e-mail is an active user's, the request is
 * counted and answered alike; for a user a link is made, and the e-mail goes out after the answer (so
 * that sending takes no time the asker could measure). `delivery` is that sending, null when nothing is
 * sent: it resolves once the SMTP server took the message and the audit trail says so, and rejects when
 * sending failed.
 */
export function requestPasswordReset(db: CrmDatabase, mailer: Mailer | null, request: PasswordResetRequest, now = new Date()): { delivery: Promise<void> | null } {
  if (!mailer) throw new DomainError("unavailable", NO_PASSWORD_RESET_BY_EMAIL_MESSAGE);
  const email = request.email.trim().toLowerCase();
  const found = inTransaction(
    db,
    () => {
      refuseWhenAskedTooOften(db, email, request.clientAddress, now);
      db.delete(passwordResetRequests).where(lt(passwordResetRequests.requestedAt, new Date(now.getTime() - PASSWORD_RESET_WINDOW_MS))).run();
      db.insert(passwordResetRequests).values({ email, clientAddress: request.clientAddress, requestedAt: now }).run();
      const user = findUserByEmail(db, email);
      if (!user || !user.active) return null;
      return { user, token: issuePasswordLink(db, user.id, "reset", now) };
    },
    { immediate: true },
  );
  if (!found) return { delivery: null };
  const { user, token } = found;
  const message = passwordResetMessage({ to: user, productName: readBranding(db, request.env).productName, baseUrl: request.baseUrl, token });
  // Whoever asked is not known to be the user: the request is named by the address it came from.
  const actor: Actor = { userId: null, name: `Password reset asked from ${request.clientAddress}`, source: "user" };
  // Begun once the answer is on its way: building and connecting take time an unknown e-mail would not.
  const delivery = new Promise((begin) => setImmediate(begin)).then(() => mailer.sendMail(message)).then(() =>
    whenDatabaseFree(() =>
      inTransaction(db, () => announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "password_link_sent", changes: [], actor, at: new Date() })),
    ),
  );
  return { delivery };
}

function refuseWhenAskedTooOften(db: CrmDatabase, email: string, clientAddress: string, now: Date): void {
  const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MS);
  const waits = [
    waitBefore(db, eq(passwordResetRequests.email, email), PASSWORD_RESET_REQUESTS_PER_EMAIL, since),
    waitBefore(db, eq(passwordResetRequests.clientAddress, clientAddress), PASSWORD_RESET_REQUESTS_PER_ADDRESS, since),
  ];
  const waitMs = Math.max(...waits);
  if (waitMs > 0) throw throttled("Too many password reset requests", waitMs / 1000);
}

/** How long until the oldest of `limit` requests within the window leaves it; zero while under the limit. */
function waitBefore(db: CrmDatabase, whose: SQL, limit: number, since: Date): number {
  const { count, oldest } = db
    .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${passwordResetRequests.requestedAt})` })
    .from(passwordResetRequests)
    .where(and(whose, gt(passwordResetRequests.requestedAt, since)))
    .get()!;
  if (count < limit) return 0;
  return Math.max(1, (oldest ?? since.getTime()) - since.getTime());
}
