import { beforeEach, describe, expect, test } from "bun:test";
import { MAX_MERGE_SOURCES } from "../../contracts/duplicates.ts";
import { detectAllDuplicates } from "../../core/duplicates/detect-all.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("duplicates API", () => {
  const crm = useTestServer({ signInAs: "sales" });
  let ids: { clinic: number; billing: number; loner: number };
  beforeEach(() => {
    ids = {
      clinic: seedCustomer(crm.server.db, { email: "front@riverside.org", company: "Riverside Clinic", orders: [{ number: "R1", placedAt: "2026-01-05T12:00:00Z", total: 100 }] }),
      billing: seedCustomer(crm.server.db, { email: "billing@riverside.org", company: "Riverside Clinic LLC", contactName: "Jane Roe", orders: [{ number: "R2", placedAt: "2026-02-05T12:00:00Z", total: 25 }] }),
      loner: seedCustomer(crm.server.db, { email: "lab@lakeview.com", company: "Lakeview Lab", orders: [{ number: "L1", placedAt: "2026-02-05T12:00:00Z", total: 10 }] }),
    };
    detectAllDuplicates(crm.server.db);
  });

  const call = (method: string, path: string, body?: unknown) => crm.server.request(method, path, { cookie: crm.cookie, body });

  test("every duplicates route needs a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/duplicates/summary"],
      ["GET", `/api/accounts/${ids.clinic}/duplicates`],
      ["POST", `/api/accounts/${ids.clinic}/duplicates/${ids.billing}/dismiss`],
      ["POST", "/api/accounts/merge"],
    ] as const) {
      const response = await crm.server.request(method, path, method === "POST" ? { body: { targetId: ids.clinic, sourceIds: [ids.billing] } } : {});
      expect({ path, status: response.status, body: response.body }).toEqual({ path, status: 401, body: { message: "Not signed in" } });
    }
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 3 });
  });

  test("GET /api/duplicates/summary counts the accounts with an open pair", async () => {
    expect(await call("GET", "/api/duplicates/summary")).toMatchObject({ status: 200, body: { count: 2 } });
  });

  test("GET /api/accounts/:id/duplicates lists the candidates best first; 404 for an unknown account, 400 for a bad id", async () => {
    const response = await call("GET", `/api/accounts/${ids.clinic}/duplicates`);
    expect(response).toMatchObject({ status: 200 });
    expect(response.body).toEqual([
      {
        account: {
          id: ids.billing,
          name: "Riverside Clinic LLC",
          email: "billing@riverside.org",
          domain: "riverside.org",
          phone: null,
          orderCount: 1,
          // Last winter's orders: the activity rules keep it in Legacy.
          listType: "legacy",
          listPinned: false,
          ownerUserId: null,
        },
        score: 81,
        reasons: ["Same domain riverside.org", "Same name"],
      },
    ]);
    expect(await call("GET", "/api/accounts/999/duplicates")).toMatchObject({ status: 404, body: { message: "Account not found" } });
    expect((await call("GET", "/api/accounts/abc/duplicates")).status).toBe(400);
  });

  test("POST …/dismiss answers 204 and the pair is gone for good; 400 for the same account twice, 404 for an unknown one", async () => {
    const dismissed = await call("POST", `/api/accounts/${ids.billing}/duplicates/${ids.clinic}/dismiss`);
    expect(dismissed.status).toBe(204);
    expect(dismissed.body).toBeNull();
    expect((await call("GET", `/api/accounts/${ids.clinic}/duplicates`)).body).toEqual([]);
    detectAllDuplicates(crm.server.db);
    expect((await call("GET", "/api/duplicates/summary")).body).toEqual({ count: 0 });
    expect(await call("POST", `/api/accounts/${ids.clinic}/duplicates/${ids.clinic}/dismiss`)).toMatchObject({ status: 400 });
    expect(await call("POST", `/api/accounts/${ids.clinic}/duplicates/999/dismiss`)).toMatchObject({ status: 404, body: { message: "Account not found" } });
  });

  test("a bad account id in the path answers 400 naming it, never 500", async () => {
    const idMessage = `id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`;
    const otherIdMessage = `otherId must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`;
    for (const bad of ["abc", "0", "-1", "1.5", "1e309"]) {
      expect({ bad, ...(await call("GET", `/api/accounts/${bad}/duplicates`)) }).toMatchObject({ bad, status: 400, body: { message: idMessage } });
      expect({ bad, ...(await call("POST", `/api/accounts/${bad}/duplicates/${ids.clinic}/dismiss`)) }).toMatchObject({ bad, status: 400, body: { message: idMessage } });
      expect({ bad, ...(await call("POST", `/api/accounts/${ids.clinic}/duplicates/${bad}/dismiss`)) }).toMatchObject({ bad, status: 400, body: { message: otherIdMessage } });
    }
    expect((await call("GET", "/api/duplicates/summary")).body).toEqual({ count: 2 });
  });

  test("POST /api/accounts/merge with dryRun previews the merged account and what moves, changing nothing", async () => {
    const preview = await call("POST", "/api/accounts/merge", { targetId: ids.clinic, sourceIds: [ids.billing], fields: { name: ids.billing }, dryRun: true });
    expect(preview).toMatchObject({ status: 200 });
    expect(preview.body).toEqual({
      dryRun: true,
      account: {
        id: ids.clinic,
        name: "Riverside Clinic LLC",
        email: "front@riverside.org",
        domain: "riverside.org",
        phone: null,
        listType: "legacy",
        listPinned: false,
        ownerUserId: null,
        orderCount: 2,
        totalOrderValue: 125,
      },
      owner: null,
      moves: { contacts: 1, orders: 1, notes: 0, tasks: expect.any(Number), activities: expect.any(Number) },
      contactsCombined: 0,
      aliases: ["billing@riverside.org"],
      mergeId: null,
    });
    expect((await call("GET", `/api/accounts/${ids.billing}`)).status).toBe(200);
  });

  test("POST /api/merges/{mergeId}/undo brings the merged account back; 409 the second time, 404 for an unknown merge", async () => {
    const before = (await call("GET", `/api/accounts/${ids.billing}`)).body;
    const merged = await call("POST", "/api/accounts/merge", { targetId: ids.clinic, sourceIds: [ids.billing] });
    expect(merged.body.mergeId).toEqual(expect.any(Number));
    const undone = await call("POST", `/api/merges/${merged.body.mergeId}/undo`);
    expect(undone).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { targetId: ids.clinic, restoredAccountIds: [ids.billing], message: "Riverside Clinic LLC is back, with 1 order" },
    });
    const after = (await call("GET", `/api/accounts/${ids.billing}`)).body;
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect((await call("GET", `/api/accounts/${ids.clinic}`)).body).toMatchObject({ orderCount: 1, totalOrderValue: 100 });
    expect(await call("POST", `/api/merges/${merged.body.mergeId}/undo`)).toMatchObject({ status: 409, body: { message: "This merge was already undone by Test sales" } });
    expect(await call("POST", "/api/merges/999/undo")).toMatchObject({ status: 404, body: { message: "Merge not found" } });
    expect((await crm.server.request("POST", "/api/merges/1/undo")).status).toBe(401);
  });

  test("POST /api/accounts/merge merges and answers the merged account", async () => {
    const merged = await call("POST", "/api/accounts/merge", { targetId: ids.clinic, sourceIds: [ids.billing] });
    expect(merged).toMatchObject({
      status: 200,
      body: { dryRun: false, account: { id: ids.clinic, name: "Riverside Clinic", orderCount: 2, totalOrderValue: 125 }, aliases: ["billing@riverside.org"] },
    });
    // The account as lists show it, so the dashboard can show it as it now is.
    expect((await call("GET", `/api/accounts/${ids.clinic}`)).body).toMatchObject(merged.body.account);
    expect(merged.body.account).toHaveProperty("createdAt");
    expect((await call("GET", `/api/accounts/${ids.billing}`)).status).toBe(404);
    expect((await call("GET", "/api/duplicates/summary")).body).toEqual({ count: 0 });
    const timeline = await call("GET", `/api/accounts/${ids.clinic}/activity`);
    expect(JSON.stringify(timeline.body)).toContain("Merged Riverside Clinic LLC into this account");
  });

  test("POST /api/accounts/merge keeps the list and owner of the accounts chosen for them, and makes contacts with one e-mail one", async () => {
    const [member] = crm.server.sqlite.query<{ id: number; name: string }, []>("SELECT id, name FROM users").all();
    expect((await call("PATCH", `/api/accounts/${ids.billing}/list-type`, { listType: "active" })).status).toBe(200);
    expect((await call("PATCH", `/api/accounts/${ids.clinic}`, { ownerUserId: member!.id })).status).toBe(200);
    const contact = await call("POST", "/api/contacts", { accountId: ids.clinic, firstName: "Jane", lastName: "Roe", email: "Billing@Riverside.org", title: "Office manager" });
    expect(contact.status).toBe(201);

    const request = { targetId: ids.clinic, sourceIds: [ids.billing], fields: { list: ids.billing, owner: ids.clinic } };
    const preview = await call("POST", "/api/accounts/merge", { ...request, dryRun: true });
    expect(preview).toMatchObject({
      status: 200,
      body: { account: { listType: "active", listPinned: true, ownerUserId: member!.id }, owner: member, moves: { contacts: 1 }, contactsCombined: 1 },
    });
    const merged = await call("POST", "/api/accounts/merge", request);
    expect(merged).toMatchObject({
      status: 200,
      body: { dryRun: false, account: { id: ids.clinic, listType: "active", listPinned: true, ownerUserId: member!.id }, owner: member, contactsCombined: 1 },
    });
    const detail = await call("GET", `/api/accounts/${ids.clinic}`);
    expect(detail.body.contacts.filter((kept: { email: string }) => kept.email === "billing@riverside.org")).toEqual([
      expect.objectContaining({ id: contact.body.id, title: "Office manager" }),
    ]);
  });

  test("POST /api/accounts/merge refuses bad requests with 400 and unknown accounts with 404", async () => {
    const merge = (body: unknown) => call("POST", "/api/accounts/merge", body);
    expect(await merge({ targetId: ids.clinic, sourceIds: [] })).toMatchObject({ status: 400, body: { message: "sourceIds must name at least one account to merge" } });
    expect(await merge({ targetId: ids.clinic, sourceIds: [ids.clinic] })).toMatchObject({ status: 400, body: { message: "An account cannot be merged into itself" } });
    expect(await merge({ targetId: ids.clinic, sourceIds: [999] })).toMatchObject({ status: 404, body: { message: "Account 999 not found" } });
    expect(await merge({ targetId: 999, sourceIds: [ids.clinic] })).toMatchObject({ status: 404 });
    expect(await merge({ targetId: ids.clinic, sourceIds: [ids.billing], fields: { email: ids.loner } })).toMatchObject({
      status: 400,
      body: { message: "fields.email must be the id of the target or of an account being merged" },
    });
    expect(await merge({ targetId: ids.clinic, sourceIds: [ids.billing], fields: { list: ids.loner } })).toMatchObject({
      status: 400,
      body: { message: "fields.list must be the id of the target or of an account being merged" },
    });
    expect(await merge({ sourceIds: [ids.billing] })).toMatchObject({ status: 400, body: { message: "targetId is required" } });
    expect((await merge({ targetId: ids.clinic, sourceIds: ["two"] })).status).toBe(400);
    const tooMany = Array.from({ length: MAX_MERGE_SOURCES + 1 }, (_, i) => 1000 + i);
    expect(await merge({ targetId: ids.clinic, sourceIds: tooMany })).toMatchObject({ status: 400, body: { field: "sourceIds" } });
    expect(await merge({ targetId: ids.clinic, sourceIds: [ids.billing], fields: { owner: 0 } })).toMatchObject({ status: 400, body: { field: "fields.owner" } });
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM accounts").get()).toEqual({ n: 3 });
  });
});
