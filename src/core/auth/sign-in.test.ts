import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loginFailures, users } from "../database/schema.ts";
import { DomainError } from "../errors.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { INVALID_CREDENTIALS_MESSAGE, SIGN_IN_ADDRESS_FAILURE_LIMIT, SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS, signIn } from "./sign-in.ts";
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

  const attempt = (password: string, email = "staff@example.com", clientAddress = "10.0.0.1") =>
    signIn(database.db, { email, password, clientAddress });

  test("the right password starts a session for the user, whatever the e-mail's case", async () => {
    const { user, token } = await attempt(PASSWORD, "  STAFF@example.COM ");
    expect(user.email).toBe("staff@example.com");
    expect(resolveSession(database.db, token)?.id).toBe(user.id);
  });

  test("a wrong password and an unknown e-mail get the same answer", async () => {
    const wrongPassword = await failureOf(attempt("not the password"));
    const unknownEmail = await failureOf(attempt(PASSWORD, "nobody@example.com"));
    for (const failure of [wrongPassword, unknownEmail]) {
      expect(failure.kind).toBe("unauthorized");
      expect(failure.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
  });

  test("a deactivated user cannot sign in", async () => {
    database.db.update(users).set({ active: false }).where(eq(users.email, "staff@example.com")).run();
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("unauthorized");
  });

  test("after too many failures from one address the e-mail is throttled there, even with the right password", async () => {
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await failureOf(attempt("wrong"))).kind).toBe("unauthorized");
    }
    expect((await failureOf(attempt("wrong"))).kind).toBe("throttled");
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("throttled");
    // Another address is not affected.
    expect((await attempt(PASSWORD, "staff@example.com", "10.0.0.2")).user.email).toBe("staff@example.com");
  });

  test("the throttle lifts when the window has passed", async () => {
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) await failureOf(attempt("wrong"));
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("throttled");
    database.db.update(loginFailures).set({ failedAt: new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS - 1000) }).run();
    expect((await attempt(PASSWORD)).user.email).toBe("staff@example.com");
  });

  test("one address trying many e-mails is throttled after 30 failures in all, even for a right password; other addresses are not", async () => {
    for (let i = 0; i < SIGN_IN_ADDRESS_FAILURE_LIMIT; i++) {
      expect((await failureOf(attempt("wrong", `guess${i}@example.com`))).kind).toBe("unauthorized");
    }
    expect((await failureOf(attempt("wrong", "one-more@example.com"))).kind).toBe("throttled");
    expect((await failureOf(attempt(PASSWORD))).kind).toBe("throttled");
    expect((await attempt(PASSWORD, "staff@example.com", "10.0.0.2")).user.email).toBe("staff@example.com");
  });

  test("failures past the window are purged when the next failure is stored, whoever's they were", async () => {
    await failureOf(attempt("wrong", "staff@example.com", "10.0.0.7"));
    database.db.update(loginFailures).set({ failedAt: new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS - 1000) }).run();
    await failureOf(attempt("wrong", "someone@example.com", "10.0.0.8"));
    expect(database.db.select({ email: loginFailures.email }).from(loginFailures).all()).toEqual([{ email: "someone@example.com" }]);
  });
});
