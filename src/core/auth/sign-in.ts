import { and, eq, gt, lt, sql } from "drizzle-orm";
import { whenDatabaseFree } from "../database/busy.ts";
import { tellWritersWaiting } from "../database/waiting-writers.ts";
import type { CrmDatabase } from "../database/open.ts";
import { loginFailures } from "../database/schema.ts";
import { DomainError } from "../errors.ts";
import { hashPassword, verifyPassword } from "../users/passwords.ts";
import { findUserByEmail, toPublicUser, type PublicUser } from "../users/users.ts";
import { startSession } from "./sessions.ts";

export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export interface SignInAttempt {
  email: string;
  password: string;
  /** The caller's network address: throttling counts failures per e-mail and address. */
  clientAddress: string;
}

/**
 * Checks a password and starts a session. Unknown e-mails, wrong passwords and deactivated users get the
 * same answer, after the same amount of hashing work, so the answer does not tell which e-mails exist.
 *
 * Each attempt is counted as a failure before its password is checked, and forgotten if it succeeds:
 * hashing takes a while, and attempts arriving meanwhile must see it, or a burst of a hundred would all be
 * checked before the first failure was written. So at most SIGN_IN_FAILURE_LIMIT passwords are ever checked
 * per e-mail and address within the window, however many arrive at once.
 */
export async function signIn(db: CrmDatabase, attempt: SignInAttempt): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  const email = attempt.email.trim().toLowerCase();
  const attemptId = countAttempt(db, email, attempt.clientAddress, Date.now());

  const user = findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.active || !passwordMatches) throw new DomainError("unauthorized", INVALID_CREDENTIALS_MESSAGE);

  // The attempt is already counted: were this refused because another process holds the write lock, the
  // whole request would be tried again and counted twice. So only this step waits, without blocking.
  return whenDatabaseFree(() =>
    db.transaction(() => {
      db.delete(loginFailures).where(eq(loginFailures.id, attemptId)).run();
      const session = startSession(db, user.id);
      return { user: toPublicUser(user), ...session };
    }),
    { whileWaiting: () => tellWritersWaiting(db.$client) },
  );
}

/** Counts the attempt among the recent failures, unless there are too many already: then it is refused. */
function countAttempt(db: CrmDatabase, email: string, clientAddress: string, now: number): number {
  const windowStart = new Date(now - SIGN_IN_FAILURE_WINDOW_MS);
  const sameCaller = and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, clientAddress));
  return db.transaction(() => {
    db.delete(loginFailures).where(and(sameCaller, lt(loginFailures.failedAt, windowStart))).run();
    const recent = db
      .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${loginFailures.failedAt})` })
      .from(loginFailures)
      .where(and(sameCaller, gt(loginFailures.failedAt, windowStart)))
      .get();
    if ((recent?.count ?? 0) >= SIGN_IN_FAILURE_LIMIT) {
      const retryAfterSeconds = Math.max(1, Math.ceil(((recent?.oldest ?? now) + SIGN_IN_FAILURE_WINDOW_MS - now) / 1000));
      throw new DomainError("throttled", `Too many failed sign-in attempts. Try again in ${formatWait(retryAfterSeconds)}.`);
    }
    const [counted] = db.insert(loginFailures).values({ email, clientAddress, failedAt: new Date(now) }).returning({ id: loginFailures.id }).all();
    return counted!.id;
  });
}

let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}

function formatWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
