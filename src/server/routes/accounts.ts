import { Elysia } from "elysia";
import { getAccountDetail, listOrders } from "../../core/accounts/account-detail.ts";
import { accountQueryOf, listAccounts } from "../../core/accounts/account-list.ts";
import { createAccount, setAccountListType, updateAccount } from "../../core/accounts/accounts.ts";
import { actorOf } from "../../core/activity/actor.ts";
import { Account, AccountChanges, AccountDetail, AccountList, AccountListQuery, ListTypeBody, NewAccountBody } from "../../contracts/accounts.ts";
import { IdParams } from "../../contracts/common.ts";
import { AccountOrdersQuery, OrderList } from "../../contracts/orders.ts";
import type { ServerContext } from "../context.ts";
import { toAccountDetailJson, toAccountJson } from "../json/account-json.ts";
import { toOrderJson } from "../json/order-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** The accounts API: see src/contracts/accounts.ts for what each route accepts and answers. */
export function accountRoutes(context: ServerContext) {
  const { db } = context;
  const moveToList = ({ params, body, user }: { params: IdParams; body: ListTypeBody; user: Parameters<typeof actorOf>[0] }) =>
    toAccountJson(setAccountListType(db, params.id, body.listType, actorOf(user)));
  return new Elysia({ prefix: "/api/accounts" })
    .use(sessionGuard(context))
    .get(
      "/",
      ({ query, set }) => {
        const page = listAccounts(db, accountQueryOf(query));
        set.headers["x-total-count"] = String(page.total);
        return db.answers.json(page, ({ accounts }) => accounts.map(toAccountJson), set);
      },
      { signedIn: true, query: AccountListQuery, ...answers(AccountList, { description: "One page of accounts; X-Total-Count has the number of matches" }) },
    )
    .post(
      "/",
      ({ body, set, user }) => {
        set.status = 201;
        return toAccountJson(createAccount(db, body, actorOf(user)));
      },
      { signedIn: true, body: NewAccountBody, ...answers(Account, { status: 201 }) },
    )
    .get("/:id", ({ params, set }) => db.answers.json(getAccountDetail(db, params.id), toAccountDetailJson, set), {
      signedIn: true,
      params: IdParams,
      ...answers(AccountDetail),
    })
    .get(
      "/:id/orders",
      ({ params, query, set }) => {
        const page = listOrders(db, params.id, query);
        set.headers["x-total-count"] = String(page.total);
        return page.orders.map(toOrderJson);
      },
      { signedIn: true, params: IdParams, query: AccountOrdersQuery, ...answers(OrderList, { description: "Newest first; X-Total-Count has the account's number of orders" }) },
    )
    .patch("/:id", ({ params, body, user }) => toAccountJson(updateAccount(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: IdParams,
      body: AccountChanges,
      ...answers(Account),
    })
    .post("/:id/list-type", moveToList, { signedIn: true, params: IdParams, body: ListTypeBody, ...answers(Account, { summary: "The same as PATCH, as the account screen sends it" }) })
    .patch("/:id/list-type", moveToList, { signedIn: true, params: IdParams, body: ListTypeBody, ...answers(Account) });
}
