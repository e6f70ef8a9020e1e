import { describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";

describe("the recycle bin API", () => {
  const crm = useTestServer({ signInAs: "sales" });
  const call = (method: string, path: string, body?: unknown, cookie = crm.cookie) => crm.server.request(method, path, { cookie, body });

  async function accountWithNotesAndContact() {
    const account = (await call("POST", "/api/accounts", { name: "Riverside Clinic", email: "front@riverside.org" })).body;
    const notes = [];
    for (const content of ["Pays by check", "Call before noon", "Ships to the back door"]) notes.push((await call("POST", `/api/accounts/${account.id}/notes`, { content })).body);
    const contact = (await call("POST", "/api/contacts", { accountId: account.id, firstName: "Jane", lastName: "Roe", email: "jane@riverside.org" })).body;
    return { account, notes, contact };
  }

  test("deleting a note or contact answers its bin entry; the bin lists entries newest first, paged, with X-Total-Count", async () => {
    const { account, notes, contact } = await accountWithNotesAndContact();
    const deletions = [];
    for (const note of notes) deletions.push(await call("DELETE", `/api/notes/${note.id}`));
    expect(deletions[0]).toMatchObject({ status: 200, body: { message: "Note deleted. It stays in the recycle bin for 30 days." } });
    expect(deletions[0]!.body.recycleBinId).toBeNumber();
    const contactDeletion = await call("DELETE", `/api/contacts/${contact.id}`);
    expect(contactDeletion).toMatchObject({ status: 200, body: { message: "Contact deleted. It stays in the recycle bin for 30 days." } });
    expect((await call("GET", `/api/accounts/${account.id}`)).body.contacts).toEqual([]);

    const page = await call("GET", "/api/recycle-bin?limit=2&offset=0");
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("4");
    expect(page.body).toEqual([
      expect.objectContaining({ id: contactDeletion.body.recycleBinId, kind: "contact", label: "Jane Roe", accountId: account.id, accountName: "Riverside Clinic", deletedByName: "Test sales", canRestore: true }),
      expect.objectContaining({ id: deletions[2]!.body.recycleBinId, kind: "note", label: "Ships to the back door" }),
    ]);
    expect((await call("GET", "/api/recycle-bin?limit=2&offset=2")).body.map((entry: { label: string }) => entry.label)).toEqual(["Call before noon", "Pays by check"]);
    expect(await call("GET", "/api/recycle-bin?limit=0")).toMatchObject({ status: 400, body: { field: "limit" } });
  });

  test("POST …/restore puts the record back with its id; 404 for an unknown entry, 401 without a session", async () => {
    const { account, notes, contact } = await accountWithNotesAndContact();
    const noteBin = (await call("DELETE", `/api/notes/${notes[0].id}`)).body.recycleBinId;
    const contactBin = (await call("DELETE", `/api/contacts/${contact.id}`)).body.recycleBinId;
    expect(await call("POST", `/api/recycle-bin/${noteBin}/restore`, undefined, "")).toMatchObject({ status: 401 });
    expect(await call("POST", `/api/recycle-bin/${noteBin}/restore`)).toMatchObject({ status: 200, body: { kind: "note", accountId: account.id, message: "Note restored" } });
    expect(await call("POST", `/api/recycle-bin/${contactBin}/restore`)).toMatchObject({ status: 200, body: { kind: "contact", message: "Contact Jane Roe restored" } });
    expect((await call("GET", `/api/accounts/${account.id}/notes`)).body.map((note: { id: number }) => note.id)).toContain(notes[0].id);
    expect((await call("GET", `/api/accounts/${account.id}`)).body.contacts).toMatchObject([{ id: contact.id, firstName: "Jane", isPrimary: true }]);
    const timeline = (await call("GET", `/api/accounts/${account.id}/activity`)).body.map((entry: { summary: string }) => entry.summary);
    expect(timeline.slice(0, 2)).toEqual(["Restored contact Jane Roe", "Restored a note: Pays by check"]);
    expect(await call("POST", `/api/recycle-bin/${noteBin}/restore`)).toMatchObject({ status: 404, body: { message: "Recycle bin entry not found" } });
    expect(await call("DELETE", `/api/contacts/${contact.id}`, undefined, "")).toMatchObject({ status: 401 });
    expect(await call("DELETE", "/api/contacts/999")).toMatchObject({ status: 404, body: { message: "Contact not found" } });
  });

  test("a deleted list is restored from the bin with its accounts", async () => {
    const account = (await call("POST", "/api/accounts", { name: "Riverside Clinic" })).body;
    await call("POST", "/api/lists", { name: "Key Accounts" });
    await call("PATCH", `/api/accounts/${account.id}/list-type`, { listType: "key-accounts" });
    const deletion = await call("DELETE", "/api/lists/key-accounts");
    expect(deletion).toMatchObject({ status: 200, body: { accountsMoved: 1 } });
    expect(await call("POST", `/api/recycle-bin/${deletion.body.recycleBinId}/restore`)).toMatchObject({
      status: 200,
      body: { kind: "list", accountId: null, message: "List Key Accounts restored, with 1 of its 1 account" },
    });
    expect((await call("GET", `/api/accounts/${account.id}`)).body).toMatchObject({ listType: "key-accounts", listPinned: true });
  });
});
