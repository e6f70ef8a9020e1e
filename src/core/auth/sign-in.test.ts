import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loginFailures, users } from "../database/schema.ts";
import { DomainError } from "../errors.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import {
  INVALID_CREDENTIALS_MESSAGE,
  SIGN_IN_ADDRESS_FAILURE_LIMIT,
  SIGN_IN_ADDRESS_WINDOW_MS,
  SIGN_IN_FAILURE_MEMORY_MS,
  SIGN_IN_FIRST_WAIT_MS,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_LONGEST_WAIT_MS,
  signIn,
} from "./sign-in.ts";
import { resolveSession } from "./sessions.ts";

const PASSWORD = "a long enough password";

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected the sign-in to fail");
}

describe("signIn", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(async () => {
    database = temporaryDatabase();
    await createUser(database.db, { email: "Staff@Example.com", name: "Staff", role: "sales", password: PASSWORD });
  });
  afterEach(() => database.dispose());

  const attempt = (password: string, options: { email?: string; clientAddress?: string; deviceToken?: string } = {}) =>
    signIn(database.db, { email: options.email ?? "staff@example.com", password, clientAddress: options.clientAddress ?? "10.0.0.1", deviceToken: options.deviceToken });

  /** As if every stored failure had happened `ms` earlier. */
  const moveFailuresBack = (ms: number) => database.sqlite.run("UPDATE login_failures SET failed_at = failed_at - ?", [ms]);

  /** Wrong passwords for the e-mail, each from an address of its own, as a botnet sends them. */
  async function failFromManyAddresses(count: number, email = "staff@example.com"): Promise<void> {
    for (let i = 0; i < count; i++) {
      expect((await failureOf(attempt("wrong", { email, clientAddress: `198.51.100.${i}` }))).kind).toBe("unauthorized");
    }
  }

  test("the right password starts a session for the user, whatever the e-mail's case, and hands the browser a device token", async () => {
    const { user, token, deviceToken } = await attempt(PASSWORD, { email: "  STAFF@example.COM " });
    expect(user.email).toBe("staff@example.com");
    expect(resolveSession(database.db, token)?.id).toBe(user.id);
    expect(deviceToken).toStartWith(`${user.id}.`);
  });

  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const wrongPassword = await failureOf(attempt("not the password"));
    const unknownEmail = await failureOf(attempt(PASSWORD, { email: "nobody@example.com" }));
    for (const failure of [wrongPassword, unknownEmail]) {
      expect(failure.kind).toBe("unauthorized");
      expect(failure.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
  });

  test("a deactivated user cannot sign in", async () => {
    database.db.update(users).set({ active: false }).where(eq(users.email, "staff@example.com")).run();
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("unauthorized");
  });

  test("past 10 failures for one e-mail, from however many addresses, each attempt waits longer: from 30 seconds doubling to 15 minutes", async () => {
    await failFromManyAddresses(SIGN_IN_FREE_FAILURES);
    const waits: number[] = [];
    for (let wait = SIGN_IN_FIRST_WAIT_MS; waits.length < 7; wait = Math.min(wait * 2, SIGN_IN_LONGEST_WAIT_MS)) {
      const refused = await failureOf(attempt("wrong", { clientAddress: `203.0.113.${waits.length}` }));
      expect(refused.kind).toBe("throttled");
      // Whole seconds from the latest failure: a slow machine may have spent a few of them already.
      expect(refused.retryAfterSeconds).toBeGreaterThan(wait / 1000 - 10);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(wait / 1000);
      waits.push(wait / 1000);
      // The right password waits as long.
      expect((await failureOf(attempt(PASSWORD, { clientAddress: "192.0.2.200" }))).kind).toBe("throttled");
      moveFailuresBack(wait);
      expect((await failureOf(attempt("wrong", { clientAddress: `203.0.113.${100 + waits.length}` }))).kind).toBe("unauthorized");
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    moveFailuresBack(SIGN_IN_LONGEST_WAIT_MS);
    expect((await attempt(PASSWORD, { clientAddress: "192.0.2.200" })).user.email).toBe("staff@example.com");
  });

  test("an e-mail's failures count for a day", async () => {
    await failFromManyAddresses(SIGN_IN_FREE_FAILURES);
    moveFailuresBack(SIGN_IN_FAILURE_MEMORY_MS - 60_000);
    expect((await failureOf(attempt("wrong", { clientAddress: "192.0.2.1" }))).kind).toBe("unauthorized");
    expect((await failureOf(attempt(PASSWORD, { clientAddress: "192.0.2.1" }))).kind).toBe("throttled");
    moveFailuresBack(2 * 60_000);
    // Only the latest failure still counts.
    expect((await attempt(PASSWORD, { clientAddress: "192.0.2.1" })).user.email).toBe("staff@example.com");
  });

  test("an unknown e-mail is held back as a known one is, so the answers tell nothing", async () => {
    await failFromManyAddresses(SIGN_IN_FREE_FAILURES, "nobody@example.com");
    const refused = await failureOf(attempt("wrong", { email: "nobody@example.com", clientAddress: "192.0.2.1" }));
    expect(refused.kind).toBe("throttled");
    expect(refused.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
  });

  test("one address trying many e-mails is held back after 30 failures in 15 minutes, even with a right password; other addresses are not", async () => {
    for (let i = 0; i < SIGN_IN_ADDRESS_FAILURE_LIMIT; i++) {
      expect((await failureOf(attempt("wrong", { email: `guess${i}@example.com` }))).kind).toBe("unauthorized");
    }
    expect((await failureOf(attempt("wrong", { email: "one-more@example.com" }))).kind).toBe("throttled");
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("throttled");
    expect((await attempt(PASSWORD, { clientAddress: "10.0.0.2" })).user.email).toBe("staff@example.com");
    moveFailuresBack(SIGN_IN_ADDRESS_WINDOW_MS);
    expect((await attempt(PASSWORD)).user.email).toBe("staff@example.com");
  });

  describe("from a known device", () => {
    async function knownDevice(): Promise<string> {
      return (await attempt(PASSWORD, { clientAddress: "10.0.0.5" })).deviceToken;
    }

    test("the right password gets in while the e-mail waits for others' failures and the address is flooded", async () => {
      const deviceToken = await knownDevice();
      await failFromManyAddresses(SIGN_IN_FREE_FAILURES);
      for (let i = 0; i < SIGN_IN_ADDRESS_FAILURE_LIMIT; i++) await failureOf(attempt("wrong", { email: `guess${i}@example.com`, clientAddress: "10.0.0.5" }));
      expect((await failureOf(attempt(PASSWORD, { clientAddress: "10.0.0.5" }))).kind).toBe("throttled");
      expect((await failureOf(attempt(PASSWORD, { clientAddress: "192.0.2.9" }))).kind).toBe("throttled");

      const signedIn = await attempt(PASSWORD, { clientAddress: "10.0.0.5", deviceToken });
      expect(signedIn.user.email).toBe("staff@example.com");
      // And the token handed back there works as well.
      expect((await attempt(PASSWORD, { clientAddress: "10.0.0.5", deviceToken: signedIn.deviceToken })).user.email).toBe("staff@example.com");
    });

    test("has a failure limit of its own, the same as an e-mail's; its failures hold back nobody else", async () => {
      const deviceToken = await knownDevice();
      for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
        expect((await failureOf(attempt("wrong", { deviceToken }))).kind).toBe("unauthorized");
      }
      const refused = await failureOf(attempt(PASSWORD, { deviceToken }));
      expect(refused.kind).toBe("throttled");
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_FIRST_WAIT_MS / 1000);
      expect((await attempt(PASSWORD)).user.email).toBe("staff@example.com");
      moveFailuresBack(SIGN_IN_FIRST_WAIT_MS);
      expect((await attempt(PASSWORD, { deviceToken })).user.email).toBe("staff@example.com");
    });

    test("is known only to the user it signed in as: another e-mail's attempts with its token count as any others", async () => {
      const deviceToken = await knownDevice();
      await createUser(database.db, { email: "other@example.com", name: "Other", role: "sales", password: PASSWORD });
      await failFromManyAddresses(SIGN_IN_FREE_FAILURES, "other@example.com");
      expect((await failureOf(attempt(PASSWORD, { email: "other@example.com", deviceToken }))).kind).toBe("throttled");
    });
  });

  test("failures that no longer count are purged when the next failure is stored, whoever's they were", async () => {
    await failureOf(attempt("wrong", { clientAddress: "10.0.0.7" }));
    moveFailuresBack(SIGN_IN_FAILURE_MEMORY_MS + 1000);
    await failureOf(attempt("wrong", { email: "someone@example.com", clientAddress: "10.0.0.8" }));
    expect(database.db.select({ email: loginFailures.email }).from(loginFailures).all()).toEqual([{ email: "someone@example.com" }]);
  });
});
