import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { changeOwnPassword } from "./change-password.ts";
import { resolveSession } from "./sessions.ts";
import { signIn } from "./sign-in.ts";

describe("changeOwnPassword", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  async function signedIn(password?: string) {
    const created = await createUser(database.db, { email: "pat@example.com", name: "Pat", role: "sales", password });
    const { token } = await signIn(database.db, { email: "pat@example.com", password: created.password, clientAddress: "10.0.0.1" });
    return { userId: created.user.id, password: created.password, token };
  }

  async function refusal(work: Promise<unknown>): Promise<{ field?: string; message: string }> {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return { field: error.field, message: error.message };
  }

  test("replaces the password, clears a one-time password's flag, and keeps only the asking session", async () => {
    const { userId, password, token } = await signedIn();
    const other = await signIn(database.db, { email: "pat@example.com", password, clientAddress: "10.0.0.2" });
    expect(resolveSession(database.db, token)?.mustChangePassword).toBe(true);

    const user = await changeOwnPassword(database.db, { userId, sessionToken: token, currentPassword: password, newPassword: "my own secret words" });
    expect(user.mustChangePassword).toBe(false);
    expect(resolveSession(database.db, token)?.mustChangePassword).toBe(false);
    expect(resolveSession(database.db, other.token)).toBeNull();
    expect((await signIn(database.db, { email: "pat@example.com", password: "my own secret words", clientAddress: "10.0.0.1" })).user.id).toBe(userId);
    expect(await refusal(signIn(database.db, { email: "pat@example.com", password, clientAddress: "10.0.0.1" }))).toMatchObject({ message: "Invalid email or password" });
  });

  test("refuses a wrong current password naming currentPassword, and changes nothing", async () => {
    const { userId, password, token } = await signedIn("first secret words");
    const other = await signIn(database.db, { email: "pat@example.com", password, clientAddress: "10.0.0.2" });
    expect(await refusal(changeOwnPassword(database.db, { userId, sessionToken: token, currentPassword: "not it at all", newPassword: "my own secret words" }))).toEqual({
      field: "currentPassword",
      message: "currentPassword is not your current password",
    });
    expect(resolveSession(database.db, other.token)).not.toBeNull();
  });

  test("refuses a weak new password naming newPassword: short, the e-mail, common, or the current one", async () => {
    const { userId, password, token } = await signedIn("first secret words");
    const attempt = (newPassword: string) => refusal(changeOwnPassword(database.db, { userId, sessionToken: token, currentPassword: password, newPassword }));
    expect(await attempt("short")).toEqual({ field: "newPassword", message: "newPassword must be at least 10 characters" });
    expect(await attempt("PAT@example.com")).toEqual({ field: "newPassword", message: "newPassword must not be the e-mail address" });
    expect((await attempt("Qwertyuiop")).message).toContain("most common passwords");
    expect(await attempt("first secret words")).toEqual({ field: "newPassword", message: "newPassword must differ from the current password" });
  });
});
