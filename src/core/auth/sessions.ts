import { eq, lte, sql } from "drizzle-orm";
import { isDatabaseBusy } from "../database/busy.ts";
import { preparedOnce } from "../database/prepared.ts";
import type { CrmDatabase } from "../database/open.ts";
import { sessions, users } from "../database/schema.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";

/** A session ends after this long without a request. */
export const SESSION_IDLE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Starts a session for a user and returns the cookie token; only its hash is stored. */
export function startSession(db: CrmDatabase, userId: number): { token: string; expiresAt: Date } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_LIFETIME_MS);
  db.insert(sessions).values({ tokenHash: hashSessionToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt }).run();
  return { token, expiresAt };
}

/** The active user a session token belongs to, sliding the session's expiry; null when unknown, expired or deactivated. */
export function resolveSession(db: CrmDatabase, token: string): PublicUser | null {
  const now = new Date();
  // Every API request resolves its session, and the row only changes when data does. Remembered by the
  // token itself, which this process holds anyway, so that only a lookup in the database pays for the hash.
  const found = db.answers.remember(`session:${token}`, () =>
    preparedOnce(db, "resolveSession", () =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
        .prepare(),
    ).get({ tokenHash: hashSessionToken(token) }),
  );
  if (!found || !found.user.active || found.session.expiresAt <= now) return null;

  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) touchSession(db, found.session.id, now);
  return toPublicUser(found.user);
}

/**
 * Slides the session's expiry. Bookkeeping: while another process holds the write lock it is skipped, and
 * done by a later request, rather than failing or delaying this one.
 */
function touchSession(db: CrmDatabase, sessionId: number, now: Date): void {
  try {
    db.update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_LIFETIME_MS) })
      .where(eq(sessions.id, sessionId))
      .run();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
  }
}

export function endSession(db: CrmDatabase, token: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token))).run();
}

export function deleteExpiredSessions(db: CrmDatabase): void {
  db.delete(sessions).where(lte(sessions.expiresAt, new Date())).run();
}

function hashSessionToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}
