import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DATABASE_FILE_NAME } from "../database/open.ts";
import { openCrmDatabase } from "../startup/open-crm-database.ts";
import { sessions, users } from "../database/schema.ts";
import { createUser } from "../users/users.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { temporaryDirectory } from "../../testing/temporary-directory.ts";
import {
  deleteExpiredSessions,
  endAllSessions,
  endOtherSessions,
  endSession,
  endUserSession,
  listUserSessions,
  resolveSession,
  SESSION_LIFETIME_MS,
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

  test("a session ends 30 days after sign-in however recently used: using it only notes when", () => {
    const { token, expiresAt } = startSession(database.db, userId, { clientAddress: "127.0.0.1" });
    const started = database.db.select().from(sessions).get()!;
    expect(expiresAt.getTime()).toBe(started.createdAt.getTime() + SESSION_LIFETIME_MS);
    expect(started.expiresAt).toEqual(expiresAt);

    // Signed in 30 days ago but for a minute, last used two minutes ago.
    const now = Date.now();
    const signedInAt = new Date(now - SESSION_LIFETIME_MS + 60_000);
    const endsAt = new Date(signedInAt.getTime() + SESSION_LIFETIME_MS);
    database.db.update(sessions).set({ createdAt: signedInAt, lastSeenAt: new Date(now - 120_000), expiresAt: endsAt }).run();
    expect(resolveSession(database.db, token)).not.toBeNull();
    const used = database.db.select().from(sessions).get()!;
    expect(used.lastSeenAt.getTime()).toBeGreaterThanOrEqual(now);
    expect(used.expiresAt).toEqual(endsAt);

    database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) }).run();
    expect(resolveSession(database.db, token)).toBeNull();
    deleteExpiredSessions(database.db);
    expect(database.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("sessions that slid on before the lifetime was fixed end 30 days after their sign-in once the database is upgraded", () => {
    const dataDir = temporaryDirectory("crm-test-");
    try {
      const migrationsFolder = path.join(import.meta.dir, "../../../drizzle");
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
      const lifetimeFixed = journal.entries.find((entry) => entry.tag === "0021_session_lifetime")!.when;
      const sqlite = new Database(path.join(dataDir.path, DATABASE_FILE_NAME), { create: true, strict: true });
      sqlite.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
      for (const migration of readMigrationFiles({ migrationsFolder }).filter((migration) => migration.folderMillis < lifetimeFixed)) {
        for (const statement of migration.sql) if (statement.trim()) sqlite.run(statement);
        sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [migration.hash, migration.folderMillis]);
      }
      const now = Date.now();
      const day = 24 * 3600 * 1000;
      sqlite.run("INSERT INTO users (id, email, name, role, password_hash, active, created_at, updated_at) VALUES (1, 'a@example.com', 'A', 'admin', 'x', 1, 0, 0)");
      const insertSession = sqlite.prepare("INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, 1, ?, ?, ?)");
      insertSession.run("used-daily-for-40-days", now - 40 * day, now - 60_000, now - 60_000 + SESSION_LIFETIME_MS);
      insertSession.run("signed-in-yesterday", now - day, now - day, now - day + SESSION_LIFETIME_MS);
      sqlite.close();

      const upgraded = openCrmDatabase(dataDir.path);
      try {
        expect(upgraded.sqlite.query("SELECT token_hash AS token, expires_at - created_at AS lifetime FROM sessions ORDER BY id").all()).toEqual([
          { token: "used-daily-for-40-days", lifetime: SESSION_LIFETIME_MS },
          { token: "signed-in-yesterday", lifetime: SESSION_LIFETIME_MS },
        ]);
      } finally {
        upgraded.close();
      }
    } finally {
      dataDir.dispose();
    }
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
