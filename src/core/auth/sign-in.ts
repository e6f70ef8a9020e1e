import { and, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { whenDatabaseFree } from "../database/busy.ts";
import { tellWritersWaiting } from "../database/waiting-writers.ts";
import type { CrmDatabase } from "../database/open.ts";
import { loginFailures } from "../database/schema.ts";
import { DomainError, throttled } from "../errors.ts";
import { hashPassword, verifyPassword } from "../users/passwords.ts";
import { findUserByEmail, toPublicUser, type PublicUser } from "../users/users.ts";
import { issueDeviceToken, knownDeviceOf } from "./known-devices.ts";
import { startSession } from "./sessions.ts";
import { inTransaction } from "../database/transaction.ts";
import { actorOf } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";

/**
 * Wrong passwords for one e-mail, whatever the addresses they came from, that cost nothing more. Past them
 * each attempt waits for the latest failure plus a wait that doubles with every failure, from
 * SIGN_IN_FIRST_WAIT_MS up to SIGN_IN_LONGEST_WAIT_MS; failures count for SIGN_IN_FAILURE_MEMORY_MS. So
 * however many addresses guess together, an e-mail gets about a hundred guesses a day. A known device's
 * failures count the same way, for that device alone.
 */
export const SIGN_IN_FREE_FAILURES = 10;
export const SIGN_IN_FIRST_WAIT_MS = 30 * 1000;
export const SIGN_IN_LONGEST_WAIT_MS = 15 * 60 * 1000;
export const SIGN_IN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Wrong passwords from one address within SIGN_IN_ADDRESS_WINDOW_MS, whatever the e-mails: one address trying many users. */
export const SIGN_IN_ADDRESS_FAILURE_LIMIT = 30;
export const SIGN_IN_ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

export interface SignInAttempt {
  email: string;
  password: string;
  /** The caller's network address: failures from one address are limited, whatever the e-mails. */
  clientAddress: string;
  /** The device token this browser was handed at an earlier sign-in (known-devices.ts), if it brought one. */
  deviceToken?: string;
  /** The caller's User-Agent, kept with the session so that the user can tell their sessions apart. */
  browser?: string | null;
}

export interface SignedIn {
  user: PublicUser;
  /** The session's token, for the session cookie; the session ends at expiresAt. */
  token: string;
  expiresAt: Date;
  /** The browser's device token from now on, for the device cookie. */
  deviceToken: string;
}

/**
 * Checks a password and starts a session. Unknown e-mails, wrong passwords and deactivated users get the
 * same answer, after the same amount of hashing work, so the answer does not tell which e-mails exist.
 *
 * Attempts from a device the user signed in from before (its device token) are limited by that device's
 * own failures alone, so that nobody else's failures, for this user or from this address, lock the user out
 * where they always sign in. Every other attempt is limited by the e-mail's failures from every address
 * and by its address's failures for every e-mail.
 *
 * Each attempt counts against the limits before its password is checked: the failures stored and the
 * attempts still being checked. Hashing takes a while, and attempts arriving meanwhile must see the ones in
 * hand, or a burst of a hundred would all be checked before the first failure was written. So at most
 * SIGN_IN_FREE_FAILURES passwords are checked before the waits begin, however many arrive at once, and
 * none while one past them is in hand. Attempts in hand are counted in memory, in the one server process
 * that checks passwords: the database is written once, with the outcome (a failure, or the session), so a
 * sign-in does not wait twice for another process's write lock (an import's batch).
 */
export async function signIn(db: CrmDatabase, attempt: SignInAttempt): Promise<SignedIn> {
  const email = attempt.email.trim().toLowerCase();
  const user = findUserByEmail(db, email);
  const device = user ? knownDeviceOf(db, attempt.deviceToken, user.id, Date.now()) : null;
  const counters: FailureCounter[] = device
    ? [{ kind: "device", key: device }]
    : [
        { kind: "email", key: email },
        { kind: "address", key: attempt.clientAddress },
      ];
  const inHand = attemptsInHand(db);
  const inHandKeys = counters.map(({ kind, key }) => `${kind}\n${key}`);
  refuseWhenThrottled(db, counters, inHandKeys.map((key) => inHand.get(key) ?? 0), Date.now());
  for (const key of inHandKeys) inHand.set(key, (inHand.get(key) ?? 0) + 1);
  try {
    const passwordMatches = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyHash()));
    const whileWaiting = () => tellWritersWaiting(db.$client);
    if (!user || !user.active || !passwordMatches) {
      // Stored before the attempt leaves the hand, so that it is counted all along.
      // Its own transaction, committed before the refusal: the audit trail keeps the failure too.
      await whenDatabaseFree(() => recordFailure(db, { email, clientAddress: attempt.clientAddress, device, userId: user?.id ?? null }, Date.now()), { whileWaiting });
      throw new DomainError("unauthorized", INVALID_CREDENTIALS_MESSAGE);
    }
    return await whenDatabaseFree(
      () =>
        inTransaction(db, () => {
          const signedIn = { user: toPublicUser(user), ...startSession(db, user.id, attempt), deviceToken: issueDeviceToken(db, user.id, Date.now()) };
          announceChange(db, { type: "signed_in", userId: user.id, email, succeeded: true, actor: actorOf(signedIn.user), at: new Date() });
          return signedIn;
        }),
      { whileWaiting },
    );
  } finally {
    for (const key of inHandKeys) {
      const left = inHand.get(key)! - 1;
      if (left === 0) inHand.delete(key);
      else inHand.set(key, left);
    }
  }
}

/** Whose failures an attempt is limited by: its e-mail's and its address's, or its known device's alone. */
interface FailureCounter {
  kind: "email" | "address" | "device";
  key: string;
}

/** Attempts whose password is being checked, per counter, for each database this process serves. */
const attemptsInHandByDatabase = new WeakMap<CrmDatabase, Map<string, number>>();
function attemptsInHand(db: CrmDatabase): Map<string, number> {
  let inHand = attemptsInHandByDatabase.get(db);
  if (!inHand) attemptsInHandByDatabase.set(db, (inHand = new Map()));
  return inHand;
}

/**
 * Refuses the attempt while any of its counters holds it back, counting the failures stored and the
 * attempts in hand (`inHand`, in the order of `counters`). The answer says when the longest wait ends.
 */
function refuseWhenThrottled(db: CrmDatabase, counters: FailureCounter[], inHand: number[], now: number): void {
  const waitMs = Math.max(...counters.map((counter, index) => waitBefore(db, counter, inHand[index]!, now)));
  if (waitMs > 0) throw throttled("Too many failed sign-in attempts", waitMs / 1000);
}

/** How long, from now, the counter holds the next attempt back; nothing when zero or less. */
function waitBefore(db: CrmDatabase, counter: FailureCounter, inHand: number, now: number): number {
  if (counter.kind === "address") {
    const { count, oldest } = storedFailures(db, and(eq(loginFailures.clientAddress, counter.key), isNull(loginFailures.device)), now - SIGN_IN_ADDRESS_WINDOW_MS);
    if (count + inHand < SIGN_IN_ADDRESS_FAILURE_LIMIT) return 0;
    return (oldest ?? now) + SIGN_IN_ADDRESS_WINDOW_MS - now;
  }
  const whose = counter.kind === "device" ? eq(loginFailures.device, counter.key) : and(eq(loginFailures.email, counter.key), isNull(loginFailures.device));
  const { count, latest } = storedFailures(db, whose, now - SIGN_IN_FAILURE_MEMORY_MS);
  const failures = count + inHand;
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  // An attempt in hand may fail at any moment: until it has, the next one waits as if it had just failed.
  const latestFailure = inHand > 0 ? now : (latest ?? now);
  const wait = Math.min(SIGN_IN_FIRST_WAIT_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES), SIGN_IN_LONGEST_WAIT_MS);
  return latestFailure + wait - now;
}

function storedFailures(db: CrmDatabase, whose: SQL | undefined, since: number): { count: number; oldest: number | null; latest: number | null } {
  return db
    .select({
      count: sql<number>`count(*)`,
      oldest: sql<number | null>`min(${loginFailures.failedAt})`,
      latest: sql<number | null>`max(${loginFailures.failedAt})`,
    })
    .from(loginFailures)
    .where(and(whose, gt(loginFailures.failedAt, new Date(since))))
    .get()!;
}

/** Stores a failure, and forgets every failure that no longer counts, whoever's. */
function recordFailure(db: CrmDatabase, { userId, ...failure }: { email: string; clientAddress: string; device: string | null; userId: number | null }, now: number): void {
  inTransaction(db, () => {
    db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - SIGN_IN_FAILURE_MEMORY_MS))).run();
    db.insert(loginFailures).values({ ...failure, failedAt: new Date(now) }).run();
    // Whoever tried is not known to be the user: the attempt is named by the address it came from.
    const actor = { userId: null, name: `Sign-in attempt from ${failure.clientAddress}`, source: "user" as const };
    announceChange(db, { type: "signed_in", userId, email: failure.email, succeeded: false, actor, at: new Date(now) });
  });
}

let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
