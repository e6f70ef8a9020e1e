import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import { signIn } from "../auth/sign-in.ts";
import { resolveSession } from "../auth/sessions.ts";
import { readBranding } from "../settings/branding.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { ensureFirstAdmin } from "./first-admin.ts";
import { createUser, listUsers, setUserPassword } from "./users.ts";

function domainErrorOf(work: () => Promise<unknown>): Promise<DomainError> {
  return work().then(
    () => {
      throw new Error("expected a DomainError");
    },
    (error: unknown) => {
      if (error instanceof DomainError) return error;
      throw error;
    },
  );
}

describe("users", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  test("createUser stores a lower-cased e-mail, an argon2id hash, and generates a one-time password when none is given", async () => {
    const { user, password } = await createUser(database.db, { email: " New@Example.com ", name: " New Person ", role: "sales" });
    expect(user).toMatchObject({ email: "new@example.com", name: "New Person", role: "sales", active: true, mustChangePassword: true });
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    const hash = database.sqlite.query<{ password_hash: string }, []>("SELECT password_hash FROM users").get()!.password_hash;
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect((await signIn(database.db, { email: "new@example.com", password, clientAddress: "x" })).user.id).toBe(user.id);
  });

  test("createUser refuses a taken e-mail, an unknown role, a bad e-mail and a short password", async () => {
    await createUser(database.db, { email: "a@example.com", name: "A", role: "admin" });
    expect((await domainErrorOf(() => createUser(database.db, { email: "A@example.com", name: "B", role: "sales" }))).kind).toBe("conflict");
    const badRole = await domainErrorOf(() => createUser(database.db, { email: "b@example.com", name: "B", role: "owner" }));
    expect([badRole.kind, badRole.field]).toEqual(["invalid", "role"]);
    expect((await domainErrorOf(() => createUser(database.db, { email: "not-an-email", name: "B", role: "sales" }))).field).toBe("email");
    expect((await domainErrorOf(() => createUser(database.db, { email: "c@example.com", name: "C", role: "sales", password: "short" }))).field).toBe("password");
    const common = await domainErrorOf(() => createUser(database.db, { email: "d@example.com", name: "D", role: "sales", password: "Password123" }));
    expect([common.field, common.message]).toEqual(["password", "password is one of the most common passwords: choose one that is harder to guess"]);
    expect(listUsers(database.db)).toHaveLength(1);
  });

  test("a password given to createUser is the user's own: they need not change it", async () => {
    const { user } = await createUser(database.db, { email: "a@example.com", name: "A", role: "admin", password: "first password" });
    expect(user.mustChangePassword).toBe(false);
  });

  test("setUserPassword replaces the password and ends the user's sessions", async () => {
    await createUser(database.db, { email: "a@example.com", name: "A", role: "admin", password: "first password" });
    const { token } = await signIn(database.db, { email: "a@example.com", password: "first password", clientAddress: "x" });
    const { user, password } = await setUserPassword(database.db, "a@example.com");
    expect(user.mustChangePassword).toBe(true);
    expect(resolveSession(database.db, token)).toBeNull();
    expect((await signIn(database.db, { email: "a@example.com", password, clientAddress: "x" })).user).toMatchObject({ email: "a@example.com", mustChangePassword: true });
    expect((await setUserPassword(database.db, "a@example.com", "chosen by the admin")).user.mustChangePassword).toBe(false);
    expect((await domainErrorOf(() => setUserPassword(database.db, "nobody@example.com"))).kind).toBe("not_found");
  });

  test("ensureFirstAdmin creates one administrator on an empty database only, and the public branding never names it", async () => {
    const first = await ensureFirstAdmin(database.db, "boss@example.com");
    expect(first?.user).toMatchObject({ email: "boss@example.com", name: "Administrator", role: "admin", mustChangePassword: true });
    expect(await ensureFirstAdmin(database.db, "other@example.com")).toBeNull();
    expect(listUsers(database.db)).toHaveLength(1);
    expect(JSON.stringify(readBranding(database.db, {}))).not.toContain("boss@example.com");
  });
});
