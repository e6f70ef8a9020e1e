import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { SESSION_BROWSER_MAX_LENGTH } from "../../contracts/auth.ts";
import { isDatabaseBusy } from "../database/busy.ts";
import { preparedOnce } from "../database/prepared.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { sessions, users } from "../database/schema.ts";
import { notFound } from "../errors.ts";
import { inTransaction } from "../database/transaction.ts";
import { actorOf } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";

/**
 * A session ends this long after sign-in, however busy: then the user signs in again. A cookie taken from a
 * browser works no longer than that; and as no idle limit could end a session any sooner, none slides.
 */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn every request into a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Where a session signed in from, kept so that the user can tell their sessions apart. */
export interface SessionOrigin {
  /** The browser's User-Agent, if it sent one. */
  browser?: string | null;
  clientAddress: string;
}

/** Starts a session for a user and returns the cookie token; only its hash is stored. */
export function startSession(db: CrmDatabase, userId: number, origin: SessionOrigin): { token: string; expiresAt: Date } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  // A User-Agent is the caller's to choose: kept only as long as anybody reads one.
  const browser = origin.browser?.trim().slice(0, SESSION_BROWSER_MAX_LENGTH) || null;
  db.insert(sessions)
    .values({ tokenHash: hashSessionToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt, browser, clientAddress: origin.clientAddress })
    .run();
  return { token, expiresAt };
}

/** The active user a session token belongs to, noting when it was last used; null when unknown, expired or deactivated. */
export function resolveSession(db: CrmDatabase, token: string): PublicUser | null {
  const now = new Date();
  // Every API request resolves its session, and the row only changes when data does. Remembered by the
  // token itself, which this process holds anyway, so that only a lookup in the database pays for the hash.
  // The user is remembered as the caller receives it, so that a request makes no copy.
  const found = db.answers.remember(`session:${token}`, () => {
    const row = preparedOnce(db, "resolveSession", () =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
        .prepare(),
    ).get({ tokenHash: hashSessionToken(token) });
    return row && { session: row.session, user: toPublicUser(row.user) };
  });
  if (!found || !found.user.active || found.session.expiresAt <= now) return null;

  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) touchSession(db, found.session.id, now);
  return found.user;
}

/**
 * Notes when the session was last used, which the user's sessions and the team show. Bookkeeping: while
 * another process holds the write lock it is skipped, and done by a later request, rather than failing or
 * delaying this one.
 */
function touchSession(db: CrmDatabase, sessionId: number, now: Date): void {
  try {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId)).run();
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error;
  }
}

export function endSession(db: CrmDatabase, token: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token))).run();
}

/** One of a user's sessions as they see it: never its token. */
export interface UserSessionRecord {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  browser: string | null;
  clientAddress: string | null;
  /** The session `currentToken` belongs to. */
  current: boolean;
}

/** A user's sessions that have not expired, the latest used first. */
export function listUserSessions(db: CrmDatabase, userId: number, currentToken: string): UserSessionRecord[] {
  const currentHash = hashSessionToken(currentToken);
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .all()
    .map((session) => ({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      browser: session.browser,
      clientAddress: session.clientAddress,
      current: session.tokenHash === currentHash,
    }));
}

/** Ends one of the user's own sessions; another user's answers 404, as one that does not exist does. */
export function endUserSession(db: CrmDatabase, userId: number, sessionId: number): void {
  const ended = db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ id: sessions.id }).all();
  if (ended.length === 0) throw notFound("Session not found");
}

/** Ends every session of the user but the one `keptToken` belongs to. */
export function endOtherSessions(db: CrmQueries, userId: number, keptToken: string): void {
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashSessionToken(keptToken)))).run();
}

/** The user ends one of their own sessions elsewhere, or all of them but this one; the audit trail says so. */
export function endOwnSessions(db: CrmDatabase, user: PublicUser, which: { sessionId: number } | { allBut: string }): void {
  inTransaction(db, () => {
    if ("sessionId" in which) endUserSession(db, user.id, which.sessionId);
    else endOtherSessions(db, user.id, which.allBut);
    announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "sessions_ended", changes: [], actor: actorOf(user), at: new Date() });
  });
}

/** Ends every session of the user: each browser must sign in again. */
export function endAllSessions(db: CrmQueries, userId: number): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}

export function deleteExpiredSessions(db: CrmDatabase): void {
  db.delete(sessions).where(lte(sessions.expiresAt, new Date())).run();
}

function hashSessionToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}
