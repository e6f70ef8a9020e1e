import { describe, expect, test } from "bun:test";
import { ACCOUNT_BULK_PATH, MAX_SELECTED_ACCOUNTS, TOO_MANY_SELECTED_ACCOUNTS } from "../../contracts/accounts.ts";
import { recordOrders } from "../../core/orders/record-orders.ts";
import { daysAgo, incomingOrder, seedCustomer, SEEDED_DELIVERY } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe(`POST ${ACCOUNT_BULK_PATH}`, () => {
  const crm = useTestServer({ signInAs: "sales" });

  const bulk = (body: unknown, cookie = crm.cookie) => crm.server.request("POST", ACCOUNT_BULK_PATH, { cookie, body });
  const account = (id: number) =>
    crm.server.sqlite.query("SELECT list_type AS listType, list_pinned AS pinned, owner_user_id AS owner FROM accounts WHERE id = ?").get(id) as {
      listType: string;
      pinned: number;
      owner: number | null;
    };
  const timeline = (id: number) =>
    (crm.server.sqlite.query("SELECT summary, actor_name AS actor FROM activities WHERE account_id = ? AND summary LIKE '%bulk action%' ORDER BY id").all(id) as { summary: string; actor: string }[]).map(
      (entry) => `${entry.summary} (${entry.actor})`,
    );

  /** Recent, ordering, and long gone: the activity rules put them in New, Active and Legacy. */
  function seedAccounts() {
    const recent = seedCustomer(crm.server.db, { email: "new@clinic.com", orders: [{ number: "1", placedAt: daysAgo(3), total: 10 }] });
    const active = seedCustomer(crm.server.db, {
      email: "active@lab.com",
      orders: [
        { number: "2", placedAt: daysAgo(200), total: 10 },
        { number: "3", placedAt: daysAgo(20), total: 10 },
      ],
    });
    const old = seedCustomer(crm.server.db, { email: "old@lab.com", orders: [{ number: "4", placedAt: daysAgo(400), total: 10 }] });
    return { recent, active, old };
  }
  const keyAccounts = () => crm.server.request("POST", "/api/lists", { cookie: crm.cookie, body: { name: "Key Accounts" } });

  test("answers 401 without a session and changes nothing", async () => {
    const { active } = seedAccounts();
    expect(await bulk({ selection: { ids: [active] }, action: { kind: "setList", listType: "legacy" } }, "")).toMatchObject({ status: 401, body: { message: "Not signed in" } });
    expect(account(active).listType).toBe("active");
  });

  test("setList pins the ticked accounts in the list, with a timeline entry for each one it changed", async () => {
    const { recent, active, old } = seedAccounts();
    await keyAccounts();
    expect(account(active)).toMatchObject({ listType: "active", pinned: 0 });
    await crm.server.request("PATCH", `/api/accounts/${old}/list-type`, { cookie: crm.cookie, body: { listType: "key-accounts" } });

    const moved = await bulk({ selection: { ids: [recent, active, old] }, action: { kind: "setList", listType: "key-accounts" } });
    expect(moved).toMatchObject({ status: 200, body: { matched: 3, updated: 2, message: "2 accounts moved to Key Accounts (1 already there)" } });
    for (const id of [recent, active, old]) expect(account(id)).toMatchObject({ listType: "key-accounts", pinned: 1 });
    expect(timeline(active)).toEqual(["Moved from Active to Key Accounts by bulk action (Test sales)"]);
    expect(timeline(recent)).toEqual(["Moved from New to Key Accounts by bulk action (Test sales)"]);
    expect(timeline(old)).toEqual([]);

    // In its list already but following the rules: pinned there, in setAccountListType's words.
    const pinned = await bulk({ selection: { ids: [active, 999_999] }, action: { kind: "setList", listType: "active" } });
    expect(pinned.body).toEqual({ matched: 1, updated: 1, message: "1 account moved to Active", bulkChangeId: expect.any(Number) });
    const again = await bulk({ selection: { ids: [active] }, action: { kind: "setList", listType: "active" } });
    expect(again.body).toEqual({ matched: 1, updated: 0, message: "0 accounts moved to Active (1 already there)", bulkChangeId: null });
  });

  test("all matching covers every account the table's filters match, across pages, in set-based statements", async () => {
    recordOrders(crm.server.db, (recorder) => {
      for (let n = 0; n < 620; n++) recorder.record(incomingOrder(`buyer${n}@clinic${n}.com`, { number: `N${n}`, placedAt: daysAgo(n % 2 === 0 ? 400 : 5), total: 10 }));
    }, { delivery: SEEDED_DELIVERY });
    const legacyCount = (crm.server.sqlite.query("SELECT count(*) AS n FROM accounts WHERE list_type = 'legacy'").get() as { n: number }).n;
    expect(legacyCount).toBe(310);

    const moved = await bulk({ selection: { allMatching: { status: "dormant", q: "clinic" } }, action: { kind: "setList", listType: "active" } });
    expect(moved.body).toEqual({ matched: 310, updated: 310, message: "310 accounts moved to Active", bulkChangeId: expect.any(Number) });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts WHERE list_type = 'active' AND list_pinned = 1").get()).toEqual({ n: 310 });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM activities WHERE summary = 'Moved from Legacy to Active by bulk action'").get()).toEqual({ n: 310 });

    const unknownFilterList = await bulk({ selection: { allMatching: { list: "gold" } }, action: { kind: "setList", listType: "active" } });
    expect(unknownFilterList).toMatchObject({ status: 400, body: { field: "list" } });
  });

  test("setList automatic unpins the pinned accounts and lets the activity rules place them at once", async () => {
    const { recent, active, old } = seedAccounts();
    await keyAccounts();
    await bulk({ selection: { ids: [active, old] }, action: { kind: "setList", listType: "key-accounts" } });
    await bulk({ selection: { ids: [recent] }, action: { kind: "setList", listType: "new" } });

    const handedBack = await bulk({ selection: { ids: [recent, active, old] }, action: { kind: "setList", listType: "Automatic" } });
    expect(handedBack.body).toEqual({ matched: 3, updated: 3, message: "3 accounts handed back to the activity rules", bulkChangeId: expect.any(Number) });
    expect([account(recent), account(active), account(old)]).toEqual([
      { listType: "new", pinned: 0, owner: expect.anything() },
      { listType: "active", pinned: 0, owner: null },
      { listType: "legacy", pinned: 0, owner: null },
    ]);
    expect(timeline(active).at(-1)).toBe("List set to follow order activity by bulk action: moved from Key Accounts to Active (Test sales)");
    expect(timeline(recent).at(-1)).toBe("List set to follow order activity by bulk action: stays in New (Test sales)");
    // No entry of the rules' own beside the bulk action's.
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM activities WHERE summary LIKE '%by order activity'").get()).toEqual({ n: 0 });

    const none = await bulk({ selection: { ids: [recent] }, action: { kind: "setList", listType: "automatic" } });
    expect(none.body).toEqual({ matched: 1, updated: 0, message: "0 accounts handed back to the activity rules (1 already following them)", bulkChangeId: null });
  });

  test("setOwner gives the accounts to an active team member, or to nobody, with timeline entries", async () => {
    const { active, old } = seedAccounts();
    const dana = await crm.server.signInAs("admin", "dana@example.com");
    crm.server.sqlite.run("UPDATE users SET name = 'Dana Lee' WHERE id = ?", [dana.user.id]);

    const given = await bulk({ selection: { ids: [old] }, action: { kind: "setOwner", ownerUserId: dana.user.id } });
    expect(given.body).toEqual({ matched: 1, updated: 1, message: "1 account given to Dana Lee", bulkChangeId: expect.any(Number) });
    expect(account(old).owner).toBe(dana.user.id);
    expect(timeline(old)).toEqual(["Changed owner to Dana Lee by bulk action (Test sales)"]);

    const both = await bulk({ selection: { ids: [old, active] }, action: { kind: "setOwner", ownerUserId: dana.user.id } });
    expect(both.body).toEqual({ matched: 2, updated: 1, message: "1 account given to Dana Lee (1 already theirs)", bulkChangeId: expect.any(Number) });

    const cleared = await bulk({ selection: { ids: [old, active] }, action: { kind: "setOwner", ownerUserId: null } });
    expect(cleared.body).toEqual({ matched: 2, updated: 2, message: "2 accounts left without an owner", bulkChangeId: expect.any(Number) });
    expect(timeline(active)).toEqual(["Changed owner to Dana Lee by bulk action (Test sales)", "Changed owner to none by bulk action (Test sales)"]);
    expect(account(active).owner).toBeNull();
  });

  test("an unknown list, an inactive or unknown owner and too many ids answer 400 naming the field", async () => {
    const { active } = seedAccounts();
    const unknownList = await bulk({ selection: { ids: [active] }, action: { kind: "setList", listType: "gold" } });
    expect(unknownList).toMatchObject({ status: 400, body: { field: "listType", message: "listType must be automatic or one of new, active, legacy" } });

    const gone = await crm.server.signInAs("sales", "gone@example.com");
    crm.server.sqlite.run("UPDATE users SET active = 0 WHERE id = ?", [gone.user.id]);
    for (const ownerUserId of [gone.user.id, 99_999]) {
      const refused = await bulk({ selection: { ids: [active] }, action: { kind: "setOwner", ownerUserId } });
      expect(refused).toMatchObject({ status: 400, body: { field: "ownerUserId", message: "ownerUserId must be an active team member" } });
    }

    const ids = Array.from({ length: MAX_SELECTED_ACCOUNTS + 1 }, (_, n) => n + 1);
    const tooMany = await bulk({ selection: { ids }, action: { kind: "setOwner", ownerUserId: null } });
    expect(tooMany).toMatchObject({ status: 400, body: { field: "selection.ids", message: TOO_MANY_SELECTED_ACCOUNTS } });

    for (const selection of [{}, { ids: [active], allMatching: {} }]) {
      const unclear = await bulk({ selection, action: { kind: "setOwner", ownerUserId: null } });
      expect(unclear).toMatchObject({ status: 400, body: { field: "selection", message: "selection must give either ids or allMatching" } });
    }
    expect((await bulk({ selection: { ids: [active] }, action: { kind: "archive" } })).status).toBe(400);
    expect(account(active)).toMatchObject({ listType: "active", owner: null });
    expect(timeline(active)).toEqual([]);
  });
});
