import { beforeEach, describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/contacts", () => {
  const crm = useTestServer({ signInAs: "sales" });
  let accountId: number;
  beforeEach(async () => {
    accountId = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Contact Co" } })).body.id;
  });

  const add = (body: object) => crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId, ...body } });

  test("adding checks required fields and the e-mail format, naming the field", async () => {
    expect((await add({ lastName: "Roe", email: "j@x.com" })).body).toEqual({ message: "firstName is required", field: "firstName" });
    expect((await add({ firstName: "Jo", email: "j@x.com" })).body).toEqual({ message: "lastName is required", field: "lastName" });
    expect((await add({ firstName: "Jo", lastName: "Roe" })).body).toEqual({ message: "email is required", field: "email" });
    expect((await add({ firstName: "Jo", lastName: "Roe", email: "nope" })).body.message).toStartWith("email is not a valid");
    expect((await crm.server.request("POST", "/api/contacts", { cookie: crm.cookie, body: { accountId: 999, firstName: "A", lastName: "B", email: "a@b.co" } })).status).toBe(404);
    expect(crm.server.sqlite.query("SELECT count(*) AS n FROM contacts").get()).toEqual({ n: 0 });
  });

  test("the first contact is primary; making another primary clears the flag on the rest", async () => {
    const first = await add({ firstName: " Jo ", lastName: "Roe", email: "JO@x.com" });
    expect(first).toMatchObject({ status: 201, body: { firstName: "Jo", email: "jo@x.com", isPrimary: true } });
    const second = await add({ firstName: "Max", lastName: "Moe", email: "max@x.com" });
    expect(second.body.isPrimary).toBe(false);
    const promoted = await crm.server.request("PATCH", `/api/contacts/${second.body.id}`, { cookie: crm.cookie, body: { isPrimary: true } });
    expect(promoted.body.isPrimary).toBe(true);
    const detail = await crm.server.request("GET", `/api/accounts/${accountId}`, { cookie: crm.cookie });
    expect(detail.body.contacts.map((contact: { firstName: string; isPrimary: boolean }) => [contact.firstName, contact.isPrimary])).toEqual([
      ["Max", true],
      ["Jo", false],
    ]);
    expect(detail.body.primaryContact.firstName).toBe("Max");
  });

  test("inline edits change one field at a time and are checked on the server", async () => {
    const { body: contact } = await add({ firstName: "Jo", lastName: "Roe", email: "jo@x.com" });
    const patch = (body: object) => crm.server.request("PATCH", `/api/contacts/${contact.id}`, { cookie: crm.cookie, body });
    expect((await patch({ title: " Lab Manager " })).body).toMatchObject({ title: "Lab Manager", firstName: "Jo" });
    expect((await patch({ phone: "555-0101" })).body.phone).toBe("555-0101");
    expect((await patch({ firstName: "" })).body).toEqual({ message: "firstName is required", field: "firstName" });
    expect((await patch({ email: "bad" })).status).toBe(400);
    expect((await crm.server.request("PATCH", "/api/contacts/999", { cookie: crm.cookie, body: { title: "x" } })).body).toEqual({ message: "Contact not found" });
  });
});
