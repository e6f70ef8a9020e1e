import { describe, expect, test } from "bun:test";
import { businessToday } from "../../core/time/business-calendar.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/admin/audit", () => {
  const crm = useTestServer();

  test("administrators read the trail newest first, filtered and paged with X-Total-Count; sales staff get 403", async () => {
    const admin = await crm.server.signInAs("admin", "boss@example.com");
    const sales = await crm.server.signInAs("sales", "sam@example.com");
    const account = (await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Riverside Clinic", phone: "412-690-4025" } })).body;
    await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: admin.cookie, body: { phone: "(412) 690-4026" } });
    await crm.server.request("PATCH", `/api/accounts/${account.id}`, { cookie: sales.cookie, body: { ownerUserId: sales.user.id } });
    expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: "not the password" } })).status).toBe(401);

    expect((await crm.server.request("GET", "/api/admin/audit", { cookie: sales.cookie })).status).toBe(403);
    const all = await crm.server.request("GET", "/api/admin/audit?limit=2", { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThanOrEqual(7);
    expect(all.body).toHaveLength(2);
    expect(all.body[0]).toMatchObject({ entity: "session", action: "sign_in_failed", summary: "Sign-in failed for sam@example.com", entityId: sales.user.id });

    const ofAccount = await crm.server.request("GET", `/api/admin/audit?entity=account&entityId=${account.id}`, { cookie: admin.cookie });
    expect(ofAccount.headers.get("x-total-count")).toBe("3");
    expect(ofAccount.body.map((entry: { action: string; actorName: string; changes: unknown }) => [entry.action, entry.actorName, entry.changes])).toEqual([
      ["owner_changed", "Test sales", [{ field: "owner", old: "Test admin", new: "Test sales" }]],
      ["updated", "Test admin", [{ field: "phone", old: "+14126904025", new: "+14126904026" }]],
      ["created", "Test admin", [{ field: "name", old: null, new: "Riverside Clinic" }]],
    ]);
    const bySales = await crm.server.request("GET", `/api/admin/audit?actor=${sales.user.id}&action=owner_changed`, { cookie: admin.cookie });
    expect(bySales.body).toHaveLength(1);
    const commandLine = await crm.server.request("GET", "/api/admin/audit?actor=command_line&entity=user", { cookie: admin.cookie });
    // The test's users were added as the command line adds them.
    expect(commandLine.body.map((entry: { summary: string }) => entry.summary).sort()).toEqual(["Added user Test admin", "Added user Test sales"]);

    const today = businessToday();
    expect((await crm.server.request("GET", `/api/admin/audit?from=${today}&to=${today}`, { cookie: admin.cookie })).headers.get("x-total-count")).toBe(all.headers.get("x-total-count"));
    expect((await crm.server.request("GET", "/api/admin/audit?to=2020-01-01", { cookie: admin.cookie })).body).toEqual([]);
  });

  test("a bulk change's entry offers Undo until it is undone, and no other entry does", async () => {
    const admin = await crm.server.signInAs("admin", "boss@example.com");
    const account = (await crm.server.request("POST", "/api/accounts", { cookie: admin.cookie, body: { name: "Lakeshore Labs" } })).body;
    const moved = await crm.server.request("POST", "/api/accounts/bulk", { cookie: admin.cookie, body: { selection: { ids: [account.id] }, action: { kind: "setList", listType: "active" } } });
    const undoable = async () =>
      (await crm.server.request("GET", "/api/admin/audit", { cookie: admin.cookie })).body
        .filter((entry: { undoable: boolean }) => entry.undoable)
        .map((entry: { entity: string; entityId: number }) => [entry.entity, entry.entityId]);
    expect(await undoable()).toEqual([["bulk_change", moved.body.bulkChangeId]]);
    expect((await crm.server.request("POST", `/api/bulk-changes/${moved.body.bulkChangeId}/undo`, { cookie: admin.cookie })).status).toBe(200);
    expect(await undoable()).toEqual([]);
  });

  test("a bad filter answers 400 naming it", async () => {
    const admin = await crm.server.signInAs("admin");
    for (const [query, field] of [
      ["entity=planet", "entity"],
      ["actor=robots", "actor"],
      ["from=2026-02-30", "from"],
      ["limit=0", "limit"],
      ["entityId=x", "entityId"],
    ]) {
      const answer = await crm.server.request("GET", `/api/admin/audit?${query}`, { cookie: admin.cookie });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe(field);
    }
  });

  test("the retention setting: keep forever by default, administrators change it, the change is in the trail", async () => {
    const admin = await crm.server.signInAs("admin");
    const sales = await crm.server.signInAs("sales");
    expect((await crm.server.request("GET", "/api/settings/audit-retention", { cookie: admin.cookie })).body).toEqual({ retention: "forever" });
    expect((await crm.server.request("PUT", "/api/settings/audit-retention", { cookie: sales.cookie, body: { retention: "1" } })).status).toBe(403);
    expect((await crm.server.request("PUT", "/api/settings/audit-retention", { cookie: admin.cookie, body: { retention: "9" } })).status).toBe(400);
    expect((await crm.server.request("PUT", "/api/settings/audit-retention", { cookie: admin.cookie, body: { retention: "7" } })).body).toEqual({ retention: "7" });
    const [latest] = (await crm.server.request("GET", "/api/admin/audit?entity=setting", { cookie: admin.cookie })).body;
    expect(latest).toMatchObject({ actorName: "Test admin", summary: "Changed audit retention", changes: [{ field: "auditRetention", old: "keep forever", new: "7 years" }] });
  });
});
