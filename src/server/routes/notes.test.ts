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
    expect(created).toMatchObject({ status: 201, body: { title: null, content: "Called about cups", createdByName: "Test sales" } });
    expect(created.body.updatedAt).toBe(created.body.createdAt);

    await Bun.sleep(5);
    const edited = await crm.server.request("PATCH", `/api/notes/${created.body.id}`, { cookie: crm.cookie, body: { title: "Follow-up", content: "Send samples" } });
    expect(edited.body).toMatchObject({ title: "Follow-up", content: "Send samples" });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(edited.body.createdAt));

    const listed = await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie });
    expect(listed.body).toEqual([edited.body]);

    expect((await crm.server.request("DELETE", `/api/notes/${created.body.id}`, { cookie: crm.cookie })).status).toBe(204);
    expect((await crm.server.request("GET", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie })).body).toEqual([]);
    expect((await crm.server.request("DELETE", `/api/notes/${created.body.id}`, { cookie: crm.cookie })).body).toEqual({ message: "Note not found" });
  });

  test("blank content answers 400; notes of a missing account answer 404", async () => {
    expect(await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { content: "  " } })).toMatchObject({ status: 400, body: { message: "content is required" } });
    expect((await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: {} })).status).toBe(400);
    const { body: note } = await crm.server.request("POST", `/api/accounts/${accountId}/notes`, { cookie: crm.cookie, body: { content: "x" } });
    expect((await crm.server.request("PATCH", `/api/notes/${note.id}`, { cookie: crm.cookie, body: { content: "" } })).status).toBe(400);
    expect((await crm.server.request("GET", "/api/accounts/999/notes", { cookie: crm.cookie })).status).toBe(404);
  });
});
