import { beforeEach, describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";

describe("notes", () => {
  const crm = useTestServer({ signInAs: "sales" });
  let accountId: number;
  beforeEach(async () => {
    accountId = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Note Co" } })).body.id;
  });

  test("create, list, edit and delete; the creator is the signed-in user; a blank title is null", async () => {
    const created = await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { title: "   ", content: " Called about cups " } });
    expect(created).toMatchObject({ status: 201, body: { title: null, content: "Called about cups", createdByName: "Test sales", canChange: true } });
    expect(created.body.updatedAt).toBe(created.body.createdAt);

    await Bun.sleep(5);
    const edited = await crm.server.request("PATCH", `/api/notes/${created.body.id}`, { cookie: crm.cookie, body: { title: "Follow-up", content: "Send samples" } });
    expect(edited.body).toMatchObject({ title: "Follow-up", content: "Send samples" });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(edited.body.createdAt));

    const listed = await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie });
    expect(listed.body).toEqual([edited.body]);

    expect((await crm.server.request("DELETE", `/api/notes/${created.body.id}`, { cookie: crm.cookie })).status).toBe(200);
    expect((await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie })).body).toEqual([]);
    expect((await crm.server.request("DELETE", `/api/notes/${created.body.id}`, { cookie: crm.cookie })).body).toEqual({ message: "Note not found" });
  });

  test("only a note's author or an administrator may edit or delete it, and each reader is told which they may", async () => {
    const { body: note } = await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { content: "Mine" } });
    const colleague = await crm.server.signInAs("sales");
    const admin = await crm.server.signInAs("admin");
    const canChange = async (cookie: string) => (await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie })).body[0].canChange;
    expect([await canChange(crm.cookie), await canChange(colleague.cookie), await canChange(admin.cookie)]).toEqual([true, false, true]);

    const refused = { status: 403, body: { message: "Only the note's author or an administrator can change it" } };
    expect(await crm.server.request("PATCH", `/api/notes/${note.id}`, { cookie: colleague.cookie, body: { content: "Theirs now" } })).toMatchObject(refused);
    expect(await crm.server.request("DELETE", `/api/notes/${note.id}`, { cookie: colleague.cookie })).toMatchObject(refused);
    expect((await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie })).body).toEqual([note]);
    const timeline = (await crm.server.request("GET", `/api/accounts/${accountId}/activity`, { cookie: crm.cookie })).body;
    expect(JSON.stringify(timeline)).not.toContain("Edited a note");

    expect(await crm.server.request("PATCH", `/api/notes/${note.id}`, { cookie: admin.cookie, body: { content: "Tidied" } })).toMatchObject({ status: 200, body: { content: "Tidied", canChange: true } });
    expect((await crm.server.request("DELETE", `/api/notes/${note.id}`, { cookie: admin.cookie })).status).toBe(200);
  });

  test("blank content answers 400; notes of a missing account answer 404", async () => {
    expect(await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { content: "  " } })).toMatchObject({ status: 400, body: { message: "content is required" } });
    expect((await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: {} })).status).toBe(400);
    const { body: note } = await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { content: "x" } });
    expect((await crm.server.request("PATCH", `/api/notes/${note.id}`, { cookie: crm.cookie, body: { content: "" } })).status).toBe(400);
    expect((await crm.server.request("GET", "/api/accounts/999/notes", { cookie: crm.cookie })).status).toBe(404);
  });

  test("over-long fields and bad ids answer 400 naming them", async () => {
    const post = (body: object) => crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body });
    expect((await post({ title: "t".repeat(200), content: "c".repeat(20_000) })).status).toBe(201);
    expect(await post({ title: "t".repeat(201), content: "x" })).toMatchObject({ status: 400, body: { field: "title" } });
    expect(await post({ content: "c".repeat(20_001) })).toMatchObject({ status: 400, body: { field: "content" } });
    const badId = { status: 400, body: { message: `id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}` } };
    expect(await crm.server.request("GET", "/api/accounts/abc/notes", { cookie: crm.cookie })).toMatchObject(badId);
    expect(await crm.server.request("PATCH", "/api/notes/0", { cookie: crm.cookie, body: { content: "x" } })).toMatchObject(badId);
    expect(await crm.server.request("DELETE", "/api/notes/1.5", { cookie: crm.cookie })).toMatchObject(badId);
  });
});
