import { and, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { whenDatabaseFree } from "../database/busy.ts";
import { tellWritersWaiting } from "../database/waiting-writers.ts";
import type { CrmDatabase } from "../database/open.ts";
import { loginFailures } from "../database/schema.ts";
import { DomainError, throttled } from "../errors.ts";
import { hashPassword, verifyPassword } from "../users/passwords.ts";
import { findUserByEmail, toPublicUser, type PublicUser } from "../users/users.ts";
import { startSession } from "./sessions.ts";

export const SIGN_IN_FAILURE_LIMIT = 10;
/** Wrong passwords from one address within the window, whatever the e-mails: one address trying many accounts. */
export const SIGN_IN_ADDRESS_FAILURE_LIMIT = 30;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export interface SignInAttempt {
  email: string;
  password: string;
  /** The caller's network address: throttling counts failures per e-mail and address. */
  clientAddress: string;
  /** The caller's User-Agent, kept with the session so that the user can tell their sessions apart. */
  browser?: string | null;
}

/**
 * Checks a password and starts a session. Unknown e-mails, wrong passwords and deactivated users get the
 * same answer, after the same amount of hashing work, so the answer does not tell which e-mails exist.
 *
 * Each attempt counts against the limit before its password is checked: the failures stored in the window
 * and the attempts still being checked. Hashing takes a while, and attempts arriving meanwhile must see
 * the ones in hand, or a burst of a hundred would all be checked before the first failure was written. So
 * at most SIGN_IN_FAILURE_LIMIT passwords are ever checked per e-mail and address within the window,
 * however many arrive at once. Attempts in hand are counted in memory, in the one server process that
 * checks passwords: the database is written once, with the outcome (a failure, or the session), so a
 * sign-in does not wait twice for another process's write lock (an import's batch).
 */
export async function signIn(db: CrmDatabase, attempt: SignInAttempt): Promise<{ user: PublicUser; token: string; expiresAt: Date }> {
  const email = attempt.email.trim().toLowerCase();
  const callers = [`${email}\n${attempt.clientAddress}`, attempt.clientAddress];
  const inHand = attemptsInHand(db);
  refuseWhenThrottled(db, email, attempt.clientAddress, callers.map((caller) => inHand.get(caller) ?? 0), Date.now());
  for (const caller of callers) inHand.set(caller, (inHand.get(caller) ?? 0) + 1);
  try {
    const user = findUserByEmail(db, email);
    const passwordMatches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyHash()));
    const whileWaiting = () => tellWritersWaiting(db.$client);
    if (!user || !user.active || !passwordMatches) {
      // Stored before the attempt leaves the hand, so that it is counted all along.
      await whenDatabaseFree(() => recordFailure(db, email, attempt.clientAddress, Date.now()), { whileWaiting });
      throw new DomainError("unauthorized", INVALID_CREDENTIALS_MESSAGE);
    }
    return await whenDatabaseFree(() => ({ user: toPublicUser(user), ...startSession(db, user.id, attempt) }), { whileWaiting });
  } finally {
    for (const caller of callers) {
      const left = inHand.get(caller)! - 1;
      if (left === 0) inHand.delete(caller);
      else inHand.set(caller, left);
    }
  }
}

/** Attempts whose password is being checked, per e-mail and address and per address, for each database this process serves. */
const attemptsInHandByDatabase = new WeakMap<CrmDatabase, Map<string, number>>();
function attemptsInHand(db: CrmDatabase): Map<string, number> {
  let inHand = attemptsInHandByDatabase.get(db);
  if (!inHand) attemptsInHandByDatabase.set(db, (inHand = new Map()));
  return inHand;
}

/**
 * Refuses the attempt when the failures stored in the window and the attempts in hand reach a limit: for
 * this e-mail from this address, or for this address whatever the e-mail. `inHand` counts them in that
 * order. The answer says when the oldest of the failures that count leaves the window.
 */
function refuseWhenThrottled(db: CrmDatabase, email: string, clientAddress: string, inHand: number[], now: number): void {
  const windowStart = new Date(now - SIGN_IN_FAILURE_WINDOW_MS);
  const failures = (where: SQL | undefined) =>
    db
      .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${loginFailures.failedAt})` })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.failedAt, windowStart)))
      .get()!;
  const fromAddress = eq(loginFailures.clientAddress, clientAddress);
  const limits = [
    { failures: failures(and(eq(loginFailures.email, email), fromAddress)), limit: SIGN_IN_FAILURE_LIMIT },
    { failures: failures(fromAddress), limit: SIGN_IN_ADDRESS_FAILURE_LIMIT },
  ];
  const reached = limits.find(({ failures: { count }, limit }, index) => count + inHand[index]! >= limit);
  if (!reached) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(((reached.failures.oldest ?? now) + SIGN_IN_FAILURE_WINDOW_MS - now) / 1000));
  throw throttled("Too many failed sign-in attempts", retryAfterSeconds);
}

/** Stores a failure, and forgets every failure past the window, whoever's: they no longer count. */
function recordFailure(db: CrmDatabase, email: string, clientAddress: string, now: number): void {
  db.transaction(() => {
    db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - SIGN_IN_FAILURE_WINDOW_MS))).run();
    db.insert(loginFailures).values({ email, clientAddress, failedAt: new Date(now) }).run();
  });
}

let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
