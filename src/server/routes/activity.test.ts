import { beforeEach, describe, expect, test } from "bun:test";
import { useTestServer } from "../../testing/test-server.ts";

describe("an account's timeline", () => {
  const crm = useTestServer({ signInAs: "sales" });
  let accountId: number;
  beforeEach(async () => {
    accountId = (await crm.server.request("POST", "/api/accounts", { cookie: crm.cookie, body: { name: "Timeline Co" } })).body.id;
  });
  const get = (query: string) => crm.server.request("GET", `/api/accounts/${accountId}/activity${query}`, { cookie: crm.cookie });
  const log = (body: object) => crm.server.request("POST", `/api/accounts/${accountId}/activity`, { cookie: crm.cookie, body });

  test("pages newest first with limit and offset; X-Total-Count counts every entry", async () => {
    for (const summary of ["first", "second", "third"]) {
      expect(await log({ kind: "call", summary, date: new Date(Date.UTC(2026, 0, summary.length)).toISOString() })).toMatchObject({ status: 201, body: { kind: "call", summary, actorName: "Test sales" } });
    }
    const page = await get("?limit=2&offset=1");
    expect(page.status).toBe(200);
    // Creating the account is on the timeline too, the newest entry.
    expect(page.headers.get("x-total-count")).toBe("4");
    expect(page.body.map((entry: { summary: string }) => entry.summary)).toEqual(["second", "third"]);
  });

  test("bad paging or path values answer 400 naming the parameter, never 500", async () => {
    const failure = async (query: string, path = `/api/accounts/${accountId}/activity`) => {
      const answer = await crm.server.request("GET", `${path}${query}`, { cookie: crm.cookie });
      expect(answer.status).toBe(400);
      return answer.body.message as string;
    };
    for (const limit of ["0", "501", "-5", "2.5", "abc", ""]) expect(await failure(`?limit=${limit}`)).toBe("limit must be a whole number from 1 to 500");
    for (const offset of ["-1", "1.5", "1e309", "x", ""]) expect(await failure(`?offset=${offset}`)).toBe("offset must be a whole number from 0 to 1000000000");
    expect(await failure("", "/api/accounts/abc/activity")).toBe(`id must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
    expect((await get("?limit=500&offset=1000000000")).status).toBe(200);
  });

  test("a logged entry needs a known kind and a summary within the limit", async () => {
    expect((await log({ kind: "fax", summary: "x" })).body).toEqual({ message: "kind must be one of call, email, meeting, other", field: "kind" });
    expect(await log({ kind: "call" })).toMatchObject({ status: 400, body: { message: "summary is required", field: "summary" } });
    expect((await log({ kind: "call", summary: "s".repeat(2000) })).status).toBe(201);
    expect(await log({ kind: "call", summary: "s".repeat(2001) })).toMatchObject({ status: 400, body: { field: "summary" } });
  });
});
