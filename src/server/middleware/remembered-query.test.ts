import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { getSchemaValidator } from "elysia/schema";
import fc from "fast-check";
import { ACCOUNT_SORTS, ACCOUNT_STATUSES, AccountListQuery } from "../../contracts/accounts.ts";
import { errorResponses } from "./errors.ts";
import { rememberedQuery } from "./remembered-query.ts";

/** Two routes over the same contract: Elysia's own check and conversion, and the remembered one. */
const app = new Elysia()
  .use(errorResponses)
  .get("/checked", ({ query }) => ({ query }), { query: AccountListQuery })
  .get("/remembered", ({ query }) => ({ query }), { ...rememberedQuery(AccountListQuery) });

async function answer(route: string, queryString: string) {
  const response = await app.handle(new Request(`http://localhost/${route}?${queryString}`));
  return { status: response.status, body: await response.json() };
}

describe("a query converted once per query string", () => {
  test("answers every query as Elysia's own check and conversion do, the first time and from memory", async () => {
    const queries = [
      "",
      "sort=name&dir=asc&limit=10&offset=0",
      "limit=0x10",
      "limit=1e1",
      "limit=%201",
      "limit=501",
      "limit=",
      "offset=-1",
      "offset=1.5",
      "offset=1000000001",
      "limit=10&limit=20",
      "sort=bogus",
      "dir=up",
      "status=active&timeframe=90",
      "showDuplicates=true",
      "showDuplicates=yes",
      "owner=me",
      "owner=0",
      "from=2026-02-30",
      "unknown=1",
    ];
    for (const queryString of queries) {
      const checked = await answer("checked", queryString);
      expect({ queryString, ...(await answer("remembered", queryString)) }).toEqual({ queryString, ...checked });
      expect({ queryString, ...(await answer("remembered", queryString)) }).toEqual({ queryString, ...checked });
    }
  });

  test("and so for query strings built from the contract's names and values, and from anything", async () => {
    const value = fc.oneof(
      fc.constantFrom(...ACCOUNT_SORTS, ...ACCOUNT_STATUSES, "asc", "desc", "true", "false", "me", "none", "0", "10", "500", "501", "-1", "2026-01-31"),
      fc.string({ maxLength: 6 }),
      fc.nat().map(String),
    );
    const name = fc.constantFrom("sort", "dir", "limit", "offset", "status", "timeframe", "owner", "showDuplicates", "from", "to", "q", "list", "other");
    const queryString = fc.array(fc.tuple(name, value), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(queryString, async (text) => {
        const checked = await answer("checked", text);
        expect(await answer("remembered", text)).toEqual(checked);
        expect(await answer("remembered", text)).toEqual(checked);
      }),
      { numRuns: 300 },
    );
  });

  test("is described as the contract is, and Elysia neither converts it nor coerces it into conversions of its own", () => {
    const { query } = rememberedQuery(AccountListQuery);
    expect(JSON.stringify(query)).toBe(JSON.stringify(AccountListQuery));
    const options = { coerce: true, normalize: true };
    expect(getSchemaValidator(AccountListQuery, options)!.hasTransform).toBe(true);
    expect(getSchemaValidator(query, options)!.hasTransform).toBe(false);
  });
});
