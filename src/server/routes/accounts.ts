import { Elysia, t } from "elysia";
import { listAccounts, parseAccountQuery } from "../../core/accounts/account-list.ts";
import { createAccount, findAccount, setAccountListType, updateAccount } from "../../core/accounts/accounts.ts";
import type { ServerContext } from "../context.ts";
import { toAccountJson } from "../json/account-json.ts";
import { sessionGuard } from "../middleware/session.ts";

const accountFields = {
  name: t.Optional(t.String({ maxLength: 1000 })),
  email: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
  domain: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
  phone: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
};
const accountId = t.Object({ id: t.Numeric({ minimum: 1 }) });
const listTypeBody = t.Object({ listType: t.String({ maxLength: 100 }) });

export function accountRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/accounts" })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ query, set }) => {
        const page = listAccounts(db, parseAccountQuery(query));
        set.headers["x-total-count"] = String(page.total);
        return page.accounts.map(toAccountJson);
      },
      { signedIn: true, query: t.Record(t.String(), t.String()) },
    )
    .post("/", ({ body, set }) => {
      set.status = 201;
      return toAccountJson(createAccount(db, body));
    }, { signedIn: true, body: t.Object(accountFields) })
    .get("/:id", ({ params }) => toAccountJson(findAccount(db, params.id)), { signedIn: true, params: accountId })
    .patch("/:id", ({ params, body }) => toAccountJson(updateAccount(db, params.id, body)), {
      signedIn: true,
      params: accountId,
      body: t.Object(accountFields),
    })
    .post("/:id/list-type", ({ params, body }) => toAccountJson(setAccountListType(db, params.id, body.listType)), {
      signedIn: true,
      params: accountId,
      body: listTypeBody,
    })
    .patch("/:id/list-type", ({ params, body }) => toAccountJson(setAccountListType(db, params.id, body.listType)), {
      signedIn: true,
      params: accountId,
      body: listTypeBody,
    });
}
