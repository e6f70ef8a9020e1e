import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { createAccount, findAccount, setAccountListType } from "../accounts/accounts.ts";
import type { Actor } from "../changes/actor.ts";
import { mergeAccounts } from "../duplicates/merge.ts";
import { startOfDaysAgo } from "../time/business-calendar.ts";
import { LifecyclePass } from "./lifecycle-pass.ts";
import { readCustomerLifecycle, saveCustomerLifecycle } from "./lifecycle-settings.ts";

const STAFF: Actor = { userId: null, name: "Dana Staff", source: "user" };
const HOUR = 3_600_000;

describe("the activity lists", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  beforeEach(() => {
    database = temporaryDatabase();
  });
  afterEach(() => database.dispose());

  let orderNumber = 0;
  /** An account created from its orders, as every order source creates one. */
  const customer = (email: string, ...placedAt: Date[]) =>
    seedCustomer(database.db, { email, orders: placedAt.map((at) => ({ number: `SO-${++orderNumber}`, placedAt: at, total: 10 })) });
  const account = (id: number) => findAccount(database.db, id);
  const listOf = (id: number) => account(id).listType;
  const timeline = (id: number) =>
    database.sqlite.query<{ summary: string; actorName: string }, [number]>("SELECT summary, actor_name AS actorName FROM activities WHERE account_id = ? ORDER BY id").all(id);
  /** The database as it is a number of days later: every order older by that much, the lists not yet revisited. */
  const letDaysPass = (days: number) => {
    const shift = days * 24 * HOUR;
    database.sqlite.run("UPDATE orders SET placed_at = placed_at - ?", [shift]);
    database.sqlite.run("UPDATE accounts SET first_order_at = first_order_at - ?1, last_order_at = last_order_at - ?1, created_at = created_at - ?1", [shift]);
  };

  describe("rules, in New York calendar days", () => {
    test("New: a first order 29 days ago is new, 31 days ago no longer", () => {
      expect(listOf(customer("a@new.com", daysAgo(29)))).toBe("new");
      expect(listOf(customer("b@active.com", daysAgo(31)))).toBe("active");
    });

    test("the New window begins at midnight in New York 30 calendar days ago", () => {
      expect(listOf(customer("first-minute@new.com", new Date(startOfDaysAgo(30))))).toBe("new");
      // 11:59 PM in New York the evening before: the 31st day back, though in UTC it is already the 30th.
      expect(listOf(customer("last-minute@active.com", new Date(startOfDaysAgo(30) - 60_000)))).toBe("active");
    });

    test("Active until the last order is 180 days old; Legacy after, whatever the first order", () => {
      expect(listOf(customer("a@active.com", daysAgo(400), daysAgo(179)))).toBe("active");
      expect(listOf(customer("b@legacy.com", daysAgo(400), daysAgo(181)))).toBe("legacy");
      expect(listOf(customer("c@active.com", daysAgo(400), new Date(startOfDaysAgo(180))))).toBe("active");
      expect(listOf(customer("d@legacy.com", daysAgo(400), new Date(startOfDaysAgo(180) - 60_000)))).toBe("legacy");
    });

    test("an account added by hand with no orders is new, and a new customer", () => {
      const added = createAccount(database.db, { name: "Walk-in Clinic" }, STAFF);
      expect(added).toMatchObject({ listType: "new", listPinned: false, isNew: true, firstOrderAt: null });
    });

    test("the windows are settings: shorter ones move accounts at the next pass", () => {
      const id = customer("a@clinic.com", daysAgo(20), daysAgo(20));
      const other = customer("b@clinic.com", daysAgo(100));
      saveCustomerLifecycle(database.db, { newWithinDays: 14, activeWithinDays: 90 }, STAFF);
      expect(new LifecyclePass(database.db).runToEnd()).toEqual({ new: 0, active: 1, legacy: 1 });
      expect([listOf(id), listOf(other)]).toEqual(["active", "legacy"]);
      expect(account(id).isNew).toBe(false);
    });

    test("windows are whole days within their limits, the Active one longer than the New one; a refused change keeps the old", () => {
      const refusals: [object, string][] = [
        [{ newWithinDays: 0, activeWithinDays: 180 }, "newWithinDays"],
        [{ newWithinDays: 30.5, activeWithinDays: 180 }, "newWithinDays"],
        [{ newWithinDays: 30, activeWithinDays: 4000 }, "activeWithinDays"],
        [{ newWithinDays: 60, activeWithinDays: 60 }, "activeWithinDays"],
      ];
      for (const [input, field] of refusals) {
        expect(() => saveCustomerLifecycle(database.db, input as never, STAFF)).toThrow(expect.objectContaining({ kind: "invalid", field }));
      }
      expect(readCustomerLifecycle(database.db)).toEqual({ newWithinDays: 30, activeWithinDays: 180 });
    });
  });

  describe("customer since", () => {
    test("an account created from orders is a customer since its first order, earlier when an earlier order arrives later", () => {
      const firstSeen = daysAgo(10);
      const id = customer("a@clinic.com", firstSeen);
      expect(account(id).createdAt.getTime()).toBe(firstSeen.getTime());
      const older = daysAgo(300);
      customer("a@clinic.com", older);
      expect(account(id).listType).toBe("active");
      expect([account(id).createdAt.getTime(), account(id).firstOrderAt?.getTime()]).toEqual([older.getTime(), older.getTime()]);
      const firstEntry = database.sqlite.query<{ summary: string; occurredAt: number }, [number]>("SELECT summary, occurred_at AS occurredAt FROM activities WHERE account_id = ? ORDER BY id LIMIT 1").get(id)!;
      expect(firstEntry).toEqual({ summary: "Created from a CSV import with 1 order", occurredAt: older.getTime() });
    });

    test("an account added by hand keeps the moment it was added when its orders arrive", () => {
      const added = createAccount(database.db, { name: "Harbor Lab", email: "orders@harbor.com" }, STAFF);
      customer("orders@harbor.com", daysAgo(200), daysAgo(100));
      expect(account(added.id)).toMatchObject({ listType: "active", isNew: false });
      expect(account(added.id).createdAt.getTime()).toBe(added.createdAt.getTime());
    });

    test("a merge recounts the target: its first order, customer since and list come from all the orders", () => {
      const target = customer("a@clinic.com", daysAgo(5));
      const sourceFirstOrder = daysAgo(250);
      const source = customer("b@clinic.com", sourceFirstOrder);
      expect(listOf(target)).toBe("new");
      mergeAccounts(database.db, { targetId: target, sourceIds: [source] }, STAFF);
      expect(account(target)).toMatchObject({ listType: "active", orderCount: 2 });
      expect(account(target).createdAt.getTime()).toBe(sourceFirstOrder.getTime());
    });
  });

  describe("pinning", () => {
    test("a list staff choose stays whatever orders arrive, until they choose automatic again", () => {
      const id = customer("a@clinic.com", daysAgo(3));
      expect(setAccountListType(database.db, id, "legacy", STAFF)).toMatchObject({ listType: "legacy", listPinned: true });
      customer("a@clinic.com", daysAgo(1));
      letDaysPass(40);
      new LifecyclePass(database.db).runToEnd();
      expect(account(id)).toMatchObject({ listType: "legacy", listPinned: true });

      expect(setAccountListType(database.db, id, "automatic", STAFF)).toMatchObject({ listType: "active", listPinned: false });
      expect(timeline(id).at(-1)).toEqual({ summary: "List set to follow order activity: moved from Legacy to Active", actorName: "Dana Staff" });
    });

    test("choosing the list an account is already in pins it there, once", () => {
      const id = customer("a@clinic.com", daysAgo(3));
      setAccountListType(database.db, id, "new", STAFF);
      setAccountListType(database.db, id, "new", STAFF);
      expect(account(id)).toMatchObject({ listType: "new", listPinned: true });
      expect(timeline(id).filter((entry) => entry.summary.startsWith("Pinned"))).toEqual([{ summary: "Pinned to New", actorName: "Dana Staff" }]);
    });
  });

  describe("the daily pass", () => {
    test("moves accounts as time passes, a batch per transaction, leaves pinned ones, and names itself on their timelines", () => {
      const ids = [customer("a@x.com", daysAgo(5)), customer("b@x.com", daysAgo(5)), customer("c@x.com", daysAgo(100)), customer("d@x.com", daysAgo(100)), customer("e@x.com", daysAgo(5))];
      setAccountListType(database.db, ids[4]!, "new", STAFF);
      letDaysPass(100);

      const dryRun = new LifecyclePass(database.db, { dryRun: true, batchSize: 2 }).runToEnd();
      expect(dryRun).toEqual({ new: 0, active: 2, legacy: 2 });
      expect(ids.map(listOf)).toEqual(["new", "new", "active", "active", "new"]);

      const pass = new LifecyclePass(database.db, { batchSize: 2 });
      let batches = 0;
      while (pass.step()) batches++;
      expect(batches).toBe(3);
      expect(pass.moves).toEqual({ new: 0, active: 2, legacy: 2 });
      expect(ids.map(listOf)).toEqual(["active", "active", "legacy", "legacy", "new"]);
      expect(timeline(ids[2]!).at(-1)).toEqual({ summary: "Moved from Active to Legacy by order activity", actorName: "System" });
      // With nothing to move a pass writes nothing, not even its scratch table: every remembered answer stays valid.
      const changes = () => database.sqlite.query<{ changes: number }, []>("SELECT total_changes() AS changes").get()!.changes;
      const before = changes();
      expect(new LifecyclePass(database.db).runToEnd()).toEqual({ new: 0, active: 0, legacy: 0 });
      expect(changes()).toBe(before);
    });

    test("orders that move an existing account say so on its timeline after the orders; a new account's timeline starts with its creation", () => {
      const id = customer("a@clinic.com", daysAgo(300));
      seedCustomer(database.db, { email: "a@clinic.com", orders: [{ number: "late", placedAt: daysAgo(2), total: 5 }] });
      expect(timeline(id).map((entry) => entry.summary)).toEqual([
        "Created from a CSV import with 1 order",
        "1 order imported (1 new, 0 updated)",
        "Moved from Legacy to Active by order activity",
      ]);
    });
  });
});
