import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../database/schema.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { deleteExpiredSessions, endSession, resolveSession, SESSION_IDLE_LIFETIME_MS, startSession } from "./sessions.ts";

describe("sessions", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let userId: number;
  beforeEach(async () => {
    database = temporaryDatabase();
    userId = (await createUser(database.db, { email: "a@example.com", name: "A", role: "admin", password: "password123" })).user.id;
  });
  afterEach(() => database.dispose());

  test("the token is 32 random bytes and only its hash is stored", () => {
    const { token } = startSession(database.db, userId);
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const stored = database.sqlite.query<{ token_hash: string }, []>("SELECT token_hash FROM sessions").all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a session resolves to its user until it ends", () => {
    const { token } = startSession(database.db, userId);
    expect(resolveSession(database.db, token)?.email).toBe("a@example.com");
    expect(resolveSession(database.db, `${token}x`)).toBeNull();
    endSession(database.db, token);
    expect(resolveSession(database.db, token)).toBeNull();
  });

  test("a session unused for 30 days expires; using it slides the expiry", () => {
    const { token } = startSession(database.db, userId);
    const twentyNineDaysAgo = new Date(Date.now() - SESSION_IDLE_LIFETIME_MS + 24 * 3600 * 1000);
    database.db.update(sessions).set({ lastSeenAt: twentyNineDaysAgo, expiresAt: new Date(Date.now() + 24 * 3600 * 1000) }).run();
    expect(resolveSession(database.db, token)).not.toBeNull();
    const slid = database.db.select().from(sessions).get()!;
    expect(slid.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_LIFETIME_MS - 60_000);

    database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) }).run();
    expect(resolveSession(database.db, token)).toBeNull();
    deleteExpiredSessions(database.db);
    expect(database.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("a deactivated user's session no longer resolves", () => {
    const { token } = startSession(database.db, userId);
    database.db.update(users).set({ active: false }).where(eq(users.id, userId)).run();
    expect(resolveSession(database.db, token)).toBeNull();
  });
});
