import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../database/schema.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import {
  deleteExpiredSessions,
  endAllSessions,
  endOtherSessions,
  endSession,
  endUserSession,
  listUserSessions,
  resolveSession,
  SESSION_IDLE_LIFETIME_MS,
  startSession,
} from "./sessions.ts";

describe("sessions", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let userId: number;
  beforeEach(async () => {
    database = temporaryDatabase();
    userId = (await createUser(database.db, { email: "a@example.com", name: "A", role: "admin", password: "staff-password-1" })).user.id;
  });
  afterEach(() => database.dispose());

  test("the token is 32 random bytes and only its hash is stored", () => {
    const { token } = startSession(database.db, userId, { clientAddress: "127.0.0.1" });
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const stored = database.sqlite.query<{ token_hash: string }, []>("SELECT token_hash FROM sessions").all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a session resolves to its user until it ends", () => {
    const { token } = startSession(database.db, userId, { clientAddress: "127.0.0.1" });
    expect(resolveSession(database.db, token)?.email).toBe("a@example.com");
    expect(resolveSession(database.db, `${token}x`)).toBeNull();
    endSession(database.db, token);
    expect(resolveSession(database.db, token)).toBeNull();
  });

  test("a session unused for 30 days expires; using it slides the expiry", () => {
    const { token } = startSession(database.db, userId, { clientAddress: "127.0.0.1" });
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

  test("a session keeps the browser, trimmed to 200 characters, and the address it signed in from", () => {
    startSession(database.db, userId, { browser: ` Mozilla/5.0 ${"x".repeat(300)}`, clientAddress: "203.0.113.9" });
    startSession(database.db, userId, { browser: "   ", clientAddress: "203.0.113.10" });
    const [long, blank] = database.db.select().from(sessions).orderBy(sessions.id).all();
    expect(long!.browser).toBe(`Mozilla/5.0 ${"x".repeat(188)}`);
    expect(long!.clientAddress).toBe("203.0.113.9");
    expect(blank!.browser).toBeNull();
  });

  test("a user's sessions are listed latest used first, the current one marked, expired ones left out", async () => {
    const other = (await createUser(database.db, { email: "b@example.com", name: "B", role: "sales", password: "staff-password-1" })).user.id;
    startSession(database.db, userId, { browser: "Firefox", clientAddress: "10.0.0.1" });
    const current = startSession(database.db, userId, { browser: "Chrome", clientAddress: "10.0.0.2" });
    startSession(database.db, userId, { browser: "Safari", clientAddress: "10.0.0.3" });
    startSession(database.db, other, { browser: "Edge", clientAddress: "10.0.0.4" });
    const ids = database.db.select({ id: sessions.id, browser: sessions.browser }).from(sessions).all();
    const idOf = (browser: string) => ids.find((row) => row.browser === browser)!.id;
    database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 60_000) }).where(eq(sessions.id, idOf("Firefox"))).run();
    database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(sessions.id, idOf("Safari"))).run();

    const listed = listUserSessions(database.db, userId, current.token);
    expect(listed.map(({ browser, clientAddress, current }) => ({ browser, clientAddress, current }))).toEqual([
      { browser: "Chrome", clientAddress: "10.0.0.2", current: true },
      { browser: "Firefox", clientAddress: "10.0.0.1", current: false },
    ]);
    expect(listed[0]!.id).toBe(idOf("Chrome"));
  });

  test("a user ends one of their own sessions, never another user's; or all but the current one; or all", async () => {
    const other = (await createUser(database.db, { email: "b@example.com", name: "B", role: "sales", password: "staff-password-1" })).user.id;
    const [first, second, third] = [1, 2, 3].map(() => startSession(database.db, userId, { clientAddress: "10.0.0.1" }));
    const othersSession = startSession(database.db, other, { clientAddress: "10.0.0.9" });
    const idOf = (token: string) => listUserSessions(database.db, userId, token).find((session) => session.current)!.id;
    const othersId = listUserSessions(database.db, other, othersSession.token)[0]!.id;

    expect(() => endUserSession(database.db, userId, othersId)).toThrow("Session not found");
    expect(resolveSession(database.db, othersSession.token)).not.toBeNull();
    endUserSession(database.db, userId, idOf(first!.token));
    expect(resolveSession(database.db, first!.token)).toBeNull();
    expect(() => endUserSession(database.db, userId, idOf(second!.token) + 1000)).toThrow("Session not found");

    endOtherSessions(database.db, userId, second!.token);
    expect(resolveSession(database.db, second!.token)).not.toBeNull();
    expect(resolveSession(database.db, third!.token)).toBeNull();
    expect(resolveSession(database.db, othersSession.token)).not.toBeNull();

    endAllSessions(database.db, userId);
    expect(resolveSession(database.db, second!.token)).toBeNull();
    expect(resolveSession(database.db, othersSession.token)).not.toBeNull();
  });

  test("a deactivated user's session no longer resolves", () => {
    const { token } = startSession(database.db, userId, { clientAddress: "127.0.0.1" });
    database.db.update(users).set({ active: false }).where(eq(users.id, userId)).run();
    expect(resolveSession(database.db, token)).toBeNull();
  });
});
