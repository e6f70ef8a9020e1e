import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testServer } from "../../testing/test-server.ts";

describe("notes", () => {
  let server: ReturnType<typeof testServer>;
  let cookie: string;
  let accountId: number;
  beforeEach(async () => {
    server = testServer();
    cookie = (await server.signInAs("sales")).cookie;
    accountId = (await server.request("POST", "/api/accounts", { cookie, body: { name: "Note Co" } })).body.id;
  });
  afterEach(() => server.dispose());

  test("create, list, edit and delete; the creator is the signed-in user; a blank title is null", async () => {
    const created = await server.request("POST", `/api/accounts/${accountId}/notes`, { cookie, body: { title: "   ", content: " Called about cups " } });
    expect(created).toMatchObject({ status: 201, body: { title: null, content: "Called about cups", createdByName: "Test sales" } });
    expect(created.body.updatedAt).toBe(created.body.createdAt);

    await Bun.sleep(5);
    const edited = await server.request("PATCH", `/api/notes/${created.body.id}`, { cookie, body: { title: "Follow-up", content: "Send samples" } });
    expect(edited.body).toMatchObject({ title: "Follow-up", content: "Send samples" });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(edited.body.createdAt));

    const listed = await server.request("GET", `/api/accounts/${accountId}/notes`, { cookie });
    expect(listed.body).toEqual([edited.body]);

    expect((await server.request("DELETE", `/api/notes/${created.body.id}`, { cookie })).status).toBe(204);
    expect((await server.request("GET", `/api/accounts/${accountId}/notes`, { cookie })).body).toEqual([]);
    expect((await server.request("DELETE", `/api/notes/${created.body.id}`, { cookie })).body).toEqual({ message: "Note not found" });
  });

  test("blank content answers 400; notes of a missing account answer 404", async () => {
    expect(await server.request("POST", `/api/accounts/${accountId}/notes`, { cookie, body: { content: "  " } })).toMatchObject({ status: 400, body: { message: "content is required" } });
    expect((await server.request("POST", `/api/accounts/${accountId}/notes`, { cookie, body: {} })).status).toBe(400);
    const { body: note } = await server.request("POST", `/api/accounts/${accountId}/notes`, { cookie, body: { content: "x" } });
    expect((await server.request("PATCH", `/api/notes/${note.id}`, { cookie, body: { content: "" } })).status).toBe(400);
    expect((await server.request("GET", "/api/accounts/999/notes", { cookie })).status).toBe(404);
  });
});
