import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { getAccountDetail } from "../accounts/account-detail.ts";
import { listAccounts, accountQueryOf } from "../accounts/account-list.ts";
import { searchAccounts } from "../accounts/account-search.ts";
import { resolveSession, startSession } from "../auth/sessions.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { openDatabase } from "./open.ts";
import { OTHERS_CHANGES_SEEN_WITHIN_MS } from "./answer-cache.ts";

describe("answers remembered until data changes", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let otherProcess: ReturnType<typeof openDatabase>;
  let accountId: number;
  beforeEach(() => {
    database = temporaryDatabase();
    // A second connection stands for another process (a CLI import, a second server).
    otherProcess = openDatabase(database.dataDir);
    accountId = seedCustomer(database.db, { email: "lab@riverside.org", company: "Riverside Lab", orders: [{ number: "R-1", placedAt: "2026-11-01T12:00:00Z", total: 10 }] });
  });
  afterEach(() => {
    otherProcess.close();
    database.dispose();
  });

  test("a read is done once while nothing changes", () => {
    let reads = 0;
    const read = () => database.db.answers.remember("answer", () => ++reads);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
  });

  test("this connection's own write makes the next read fresh", () => {
    expect(listAccounts(database.db, accountQueryOf({}, null)).accounts[0]!.name).toBe("Riverside Lab");
    database.sqlite.run("UPDATE accounts SET name = 'Riverside Laboratory' WHERE id = ?", [accountId]);
    expect(listAccounts(database.db, accountQueryOf({}, null)).accounts[0]!.name).toBe("Riverside Laboratory");
  });

  test("another process's commit makes every remembered answer fresh within a few milliseconds: list page, detail, search, session", async () => {
    const { token } = startSession(database.db, createUser(database.sqlite), { clientAddress: "127.0.0.1" });
    expect(listAccounts(database.db, accountQueryOf({}, null)).total).toBe(1);
    expect(getAccountDetail(database.db, accountId).orders).toHaveLength(1);
    expect(searchAccounts(database.db, "riverside")).toHaveLength(1);
    expect(resolveSession(database.db, token)).not.toBeNull();

    seedCustomer(otherProcess.db, { email: "buyer@riverside-clinic.com", company: "Riverside Clinic", orders: [{ number: "R-2", placedAt: "2026-11-02T12:00:00Z", total: 20 }] });
    otherProcess.sqlite.run("INSERT INTO orders (source, external_id, account_id, order_number, placed_at, total_cents, raw, content_hash, created_at, updated_at) SELECT source, 'R-3', account_id, 'R-3', placed_at + 1, 5, raw, 'x', created_at, updated_at FROM orders WHERE account_id = ?", [accountId]);
    otherProcess.sqlite.run("UPDATE users SET active = 0");
    await Bun.sleep(OTHERS_CHANGES_SEEN_WITHIN_MS);

    expect(listAccounts(database.db, accountQueryOf({}, null)).total).toBe(2);
    expect(getAccountDetail(database.db, accountId).orders).toHaveLength(2);
    expect(searchAccounts(database.db, "riverside")).toHaveLength(2);
    expect(resolveSession(database.db, token)).toBeNull();
  });
});

test("inside a transaction nothing is remembered or recalled: a rolled-back write leaves no trace in later answers", () => {
  const database = temporaryDatabase();
  try {
    seedCustomer(database.db, { email: "lab@riverside.org", company: "Riverside Lab", orders: [{ number: "R-1", placedAt: "2026-11-01T12:00:00Z", total: 10 }] });
    expect(listAccounts(database.db, accountQueryOf({}, null)).accounts[0]!.name).toBe("Riverside Lab");
    expect(() =>
      database.db.transaction(() => {
        database.sqlite.run("UPDATE accounts SET name = 'Phantom Lab'");
        expect(listAccounts(database.db, accountQueryOf({}, null)).accounts[0]!.name).toBe("Phantom Lab");
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(listAccounts(database.db, accountQueryOf({}, null)).accounts[0]!.name).toBe("Riverside Lab");
  } finally {
    database.dispose();
  }
});

describe("JSON bodies", () => {
  test("an answer is shaped and serialized once, however often it is sent; another answer object gets its own", () => {
    const database = temporaryDatabase();
    try {
      const answer = { accounts: [{ id: 1, name: "Riverside Lab" }] };
      let shaped = 0;
      const shape = (value: typeof answer) => {
        shaped++;
        return value.accounts.map(({ name }) => ({ name }));
      };
      expect(database.db.answers.json(answer, shape)).toBe('[{"name":"Riverside Lab"}]');
      expect(database.db.answers.json(answer, shape)).toBe('[{"name":"Riverside Lab"}]');
      expect(shaped).toBe(1);
      database.db.answers.json({ ...answer }, shape);
      expect(shaped).toBe(2);
    } finally {
      database.dispose();
    }
  });
});

function createUser(sqlite: ReturnType<typeof temporaryDatabase>["sqlite"]): number {
  sqlite.run("INSERT INTO users (email, name, password_hash, role, active, created_at, updated_at) VALUES ('ann@supply.test', 'Ann', 'x', 'admin', 1, 0, 0)");
  return (sqlite.query("SELECT id FROM users WHERE email = 'ann@supply.test'").get() as { id: number }).id;
}
