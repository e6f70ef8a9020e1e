import { and, eq, gt, lt, sql } from "drizzle-orm";
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
 */
export async function signIn(db: CrmDatabase, attempt: SignInAttempt): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  const email = attempt.email.trim().toLowerCase();
  const now = Date.now();
  const windowStart = new Date(now - SIGN_IN_FAILURE_WINDOW_MS);
  const recentFailures = countRecentFailures(db, email, attempt.clientAddress, windowStart);
  if (recentFailures.count >= SIGN_IN_FAILURE_LIMIT) {
    const retryAfterSeconds = Math.max(1, Math.ceil((recentFailures.oldest + SIGN_IN_FAILURE_WINDOW_MS - now) / 1000));
    throw new DomainError("throttled", `Too many failed sign-in attempts. Try again in ${formatWait(retryAfterSeconds)}.`);
  }

  const user = findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.active || !passwordMatches) {
    recordFailure(db, email, attempt.clientAddress, windowStart);
    throw new DomainError("unauthorized", INVALID_CREDENTIALS_MESSAGE);
  }

  const session = startSession(db, user.id);
  return { user: toPublicUser(user), ...session };
}

function countRecentFailures(db: CrmDatabase, email: string, clientAddress: string, windowStart: Date) {
  const row = db
    .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${loginFailures.failedAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, clientAddress), gt(loginFailures.failedAt, windowStart)))
    .get();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? Date.now() };
}

function recordFailure(db: CrmDatabase, email: string, clientAddress: string, windowStart: Date): void {
  db.transaction((tx) => {
    tx.delete(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, clientAddress), lt(loginFailures.failedAt, windowStart)))
      .run();
    tx.insert(loginFailures).values({ email, clientAddress, failedAt: new Date() }).run();
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
