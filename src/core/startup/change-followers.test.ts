import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Glob } from "bun";
import path from "node:path";
import { createAccount, setAccountListType, updateAccount } from "../accounts/accounts.ts";
import type { Actor } from "../changes/actor.ts";
import { followChanges, type Change } from "../changes/change-feed.ts";
import { addContact, updateContact } from "../contacts/contacts.ts";
import { mergeAccounts } from "../duplicates/merge.ts";
import { createNote } from "../notes/notes.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { CHANGE_FOLLOWERS, followEveryChange } from "./change-followers.ts";

const DANA: Actor = { userId: null, name: "Dana Staff", source: "user" };

describe("the change feed", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let seen: Change[];
  beforeEach(() => {
    database = temporaryDatabase();
    seen = [];
    followChanges([...CHANGE_FOLLOWERS, (_db, change) => seen.push(change)]);
  });
  afterEach(() => {
    followEveryChange();
    database.dispose();
  });

  const timeline = (accountId: number) =>
    database.sqlite.query<{ kind: string; actorName: string }, [number]>("SELECT kind, actor_name AS actorName FROM activities WHERE account_id = ? ORDER BY id").all(accountId);

  test("every write says what it changed and who changed it, and the timeline follows", () => {
    const { db } = database;
    const id = createAccount(db, { name: "Riverside Clinic", email: "front@riverside.org" }, DANA).id;
    updateAccount(db, id, { phone: "(404) 555-0100" }, DANA);
    const contact = addContact(db, id, { firstName: "Max", lastName: "Moe", email: "max@riverside.org" }, DANA);
    updateContact(db, contact.id, { title: "Buyer" }, DANA);
    createNote(db, id, { content: "Pays by check" }, DANA);
    setAccountListType(db, id, "legacy", DANA);
    const other = seedCustomer(db, { email: "billing@riverside.org", orders: [{ number: "SO-1", placedAt: daysAgo(3), total: 25 }] });
    mergeAccounts(db, { targetId: id, sourceIds: [other] }, DANA);

    expect(seen.map((change) => change.type)).toEqual([
      "account_added",
      "account_edited",
      "contact_added",
      "contact_edited",
      "note_changed",
      "accounts_reassigned",
      "orders_recorded",
      "orders_recounted",
      "orders_recounted",
      "accounts_merged",
    ]);
    expect(seen.find((change) => change.type === "account_edited")).toMatchObject({ accountId: id, changes: [{ field: "phone", old: null, new: "+14045550100" }], actor: DANA });
    expect(seen.find((change) => change.type === "accounts_merged")).toMatchObject({ targetId: id, sourceIds: [other], actor: DANA });
    // Each change's lines, in the actor's name.
    expect(timeline(id).filter((line) => line.actorName === DANA.name).map((line) => line.kind)).toEqual([
      "account_created",
      "account_updated",
      "contact_added",
      "contact_updated",
      "note_added",
      "list_changed",
      "accounts_merged",
    ]);
  });

  test("followers run in the write's transaction: one that fails takes the write and every follower's work back", () => {
    followChanges([
      ...CHANGE_FOLLOWERS,
      () => {
        throw new Error("a follower failed");
      },
    ]);
    expect(() => createAccount(database.db, { name: "Walk-in Clinic" }, DANA)).toThrow("a follower failed");
    const left = database.sqlite.query<{ accounts: number; lines: number; tasks: number; audited: number }, []>(
      "SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM activities) AS lines, (SELECT count(*) FROM tasks) AS tasks, (SELECT count(*) FROM audit_log) AS audited",
    );
    expect(left.get()).toEqual({ accounts: 0, lines: 0, tasks: 0, audited: 0 });
  });

  test("a change announced before the followers are set is refused, not lost", () => {
    followChanges([]);
    expect(() => createAccount(database.db, { name: "Walk-in Clinic" }, DANA)).toThrow("before the change followers were set");
  });
});

test("only the timeline writes timeline lines, so every line comes from a change (or from staff logging a call)", async () => {
  const core = path.join(import.meta.dir, "..");
  const writers: string[] = [];
  for await (const file of new Glob("**/*.ts").scan(core)) {
    if (file.endsWith(".test.ts")) continue;
    const source = await Bun.file(path.join(core, file)).text();
    if (/INSERT INTO activities|insert\(activities\)/.test(source)) writers.push(file);
  }
  expect(writers.sort()).toEqual(["timeline/timeline-entries.ts", "timeline/timeline-follower.ts"]);
});

test("only the audit follower writes the audit trail, so every entry comes from a change", async () => {
  const core = path.join(import.meta.dir, "..");
  const writers: string[] = [];
  for await (const file of new Glob("**/*.ts").scan(core)) {
    if (file.endsWith(".test.ts")) continue;
    const source = await Bun.file(path.join(core, file)).text();
    if (/INSERT INTO audit_log|insert\(auditLog\)/.test(source)) writers.push(file);
  }
  expect(writers).toEqual(["audit/audit-follower.ts"]);
});
