import { describe, expect, test } from "bun:test";
import { ACCOUNT_BULK_PATH } from "../../contracts/accounts.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("POST /api/bulk-changes/{id}/undo", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const call = (method: string, path: string, body?: unknown, cookie = crm.cookie) => crm.server.request(method, path, { cookie, body });
  const listOf = (id: number) => crm.server.sqlite.query("SELECT list_type AS listType, list_pinned AS pinned FROM accounts WHERE id = ?").get(id);

  test("puts back each account's list where it still has the bulk change's, and counts the rest as skipped", async () => {
    const recent = seedCustomer(crm.server.db, { email: "new@clinic.com", orders: [{ number: "1", placedAt: daysAgo(3), total: 10 }] });
    const old = seedCustomer(crm.server.db, { email: "old@lab.com", orders: [{ number: "2", placedAt: daysAgo(400), total: 10 }] });
    const moved = await call("POST", ACCOUNT_BULK_PATH, { selection: { ids: [recent, old] }, action: { kind: "setList", listType: "active" } });
    expect(moved.body.bulkChangeId).toBeNumber();
    expect((await call("PATCH", `/api/accounts/${old}/list-type`, { listType: "new" })).status).toBe(200);

    const undone = await call("POST", `/api/bulk-changes/${moved.body.bulkChangeId}/undo`);
    expect(undone).toMatchObject({ status: 200, body: { restored: 1, skipped: 1, message: "Undone: 1 account back as it was (1 changed since, left as they are)" } });
    expect(listOf(recent)).toEqual({ listType: "new", pinned: 0 });
    expect(listOf(old)).toEqual({ listType: "new", pinned: 1 });
    const timeline = await call("GET", `/api/accounts/${recent}/activity`);
    expect(timeline.body[0]).toMatchObject({ kind: "list_changed", summary: "Moved back from Active to New, following order activity (bulk change undone)", actorName: "Test sales" });

    expect(await call("POST", `/api/bulk-changes/${moved.body.bulkChangeId}/undo`)).toMatchObject({ status: 409, body: { message: "This bulk change was already undone by Test sales" } });
    expect(await call("POST", "/api/bulk-changes/999/undo")).toMatchObject({ status: 404, body: { message: "Bulk change not found" } });
    expect(await call("POST", "/api/bulk-changes/abc/undo")).toMatchObject({ status: 400 });
    expect(await call("POST", `/api/bulk-changes/${moved.body.bulkChangeId}/undo`, undefined, "")).toMatchObject({ status: 401 });
  });
});
