import { timingSafeEqual } from "node:crypto";
import { eq, lte } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { passwordLinks, users } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { inTransaction } from "../database/transaction.ts";
import { announceChange } from "../changes/change-feed.ts";
import { actorOf } from "../changes/actor.ts";
import { maskedChange } from "../changes/field-changes.ts";
import { hashPassword } from "../users/passwords.ts";
import { checkChosenPassword } from "../users/password-policy.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";
import { endAllSessions } from "./sessions.ts";

/** How long a "Forgot password?" link works: long enough to read the e-mail, short enough that an old inbox opens nothing. */
export const PASSWORD_RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** How long an invitation's link works: a colleague may be away for days; past that an administrator invites them again or resets the password. */
export const INVITATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type PasswordLinkPurpose = (typeof passwordLinks.$inferSelect)["purpose"];

const LIFETIME_MS: Record<PasswordLinkPurpose, number> = { reset: PASSWORD_RESET_LINK_LIFETIME_MS, invitation: INVITATION_LINK_LIFETIME_MS };

/** What a link that cannot be used answers, whether it never existed, was used, expired or its user was deactivated. */
export const UNUSABLE_LINK_MESSAGE = "This link has expired or was already used: ask for a new one";

/**
 * Makes a link for the user to choose their password, ending any earlier link of theirs (the latest e-mail
 * is the one that works). The token is `<id>.<secret>`: the id finds the row, and the secret, 256 random
 * bits of which only the SHA-256 is stored, proves the link; it is compared in constant time. Call inside
 * the transaction that announces why.
 */
export function issuePasswordLink(db: CrmQueries, userId: number, purpose: PasswordLinkPurpose, now: Date): string {
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  db.delete(passwordLinks).where(eq(passwordLinks.userId, userId)).run();
  db.delete(passwordLinks).where(lte(passwordLinks.expiresAt, now)).run();
  const [link] = db
    .insert(passwordLinks)
    .values({ secretHash: hashSecret(secret), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]) })
    .returning({ id: passwordLinks.id })
    .all();
  return `${link!.id}.${secret}`;
}

/**
 * Sets the password an e-mailed link's holder chose: the link is used up, every session of the user ends
 * (whoever knew the old password is signed out), and a one-time password stops being one. The new password
 * is held to the rules of changing one's own (named newPassword). A link unknown, used, expired or of a
 * deactivated user is refused naming `token`, all alike.
 */
export async function setPasswordByLink(db: CrmDatabase, token: string, newPassword: string, now = new Date()): Promise<PublicUser> {
  const link = findUsableLink(db, token, now);
  if (!link) throw invalid("token", UNUSABLE_LINK_MESSAGE);
  checkChosenPassword("newPassword", newPassword, link.user.email);
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(db, () => {
    // Hashing took a while: the link may have been used meanwhile, by a second click.
    const used = db.delete(passwordLinks).where(eq(passwordLinks.id, link.id)).returning({ id: passwordLinks.id }).all();
    if (used.length === 0) throw invalid("token", UNUSABLE_LINK_MESSAGE);
    endAllSessions(db, link.user.id);
    const [updated] = db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(users.id, link.user.id)).returning().all();
    const user = toPublicUser(updated!);
    announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "password_set_by_link", changes: [maskedChange("password", true)], actor: actorOf(user), at: now });
    return user;
  });
}

function findUsableLink(db: CrmDatabase, token: string, now: Date): { id: number; user: PublicUser } | null {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const row = db
    .select({ link: passwordLinks, user: users })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(eq(passwordLinks.id, Number(match[1])))
    .get();
  if (!row) return null;
  const secretMatches = timingSafeEqual(Buffer.from(hashSecret(match[2]!), "hex"), Buffer.from(row.link.secretHash, "hex"));
  if (!secretMatches || row.link.expiresAt <= now || !row.user.active) return null;
  return { id: row.link.id, user: toPublicUser(row.user) };
}

function hashSecret(secret: string): string {
  return new Bun.CryptoHasher("sha256").update(secret).digest("hex");
}
