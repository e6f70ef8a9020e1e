import { Elysia, t } from "elysia";
import { getAccountDetail, listOrders } from "../../core/accounts/account-detail.ts";
import { listAccounts, parseAccountQuery } from "../../core/accounts/account-list.ts";
import { createAccount, setAccountListType, updateAccount } from "../../core/accounts/accounts.ts";
import { actorOf } from "../../core/activity/actor.ts";
import type { ServerContext } from "../context.ts";
import { toAccountJson } from "../json/account-json.ts";
import { toContactJson } from "../json/contact-json.ts";
import { toOrderJson } from "../json/order-json.ts";
import { rememberedJson } from "../json/remembered-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam, pageQuery } from "./params.ts";

const accountFields = {
  name: t.Optional(t.String({ maxLength: 1000 })),
  email: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
  domain: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
  phone: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))),
};
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
        return rememberedJson(page, ({ accounts }) => accounts.map(toAccountJson), set);
      },
      { signedIn: true, query: t.Record(t.String(), t.String()) },
    )
    .post(
      "/",
      ({ body, set, user }) => {
        set.status = 201;
        return toAccountJson(createAccount(db, body, actorOf(user)));
      },
      { signedIn: true, body: t.Object(accountFields) },
    )
    .get(
      "/:id",
      ({ params, set }) =>
        rememberedJson(
          getAccountDetail(db, params.id),
          ({ contacts, orders, ...account }) => ({ ...toAccountJson(account), contacts: contacts.map(toContactJson), orders: orders.map(toOrderJson) }),
          set,
        ),
      { signedIn: true, params: idParam },
    )
    .get(
      "/:id/orders",
      ({ params, query, set }) => {
        const page = listOrders(db, params.id, query);
        set.headers["x-total-count"] = String(page.total);
        return page.orders.map(toOrderJson);
      },
      { signedIn: true, params: idParam, query: pageQuery },
    )
    .patch("/:id", ({ params, body, user }) => toAccountJson(updateAccount(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: idParam,
      body: t.Object({ ...accountFields, ownerUserId: t.Optional(t.Nullable(t.Integer({ minimum: 1 }))) }),
    })
    .post("/:id/list-type", ({ params, body, user }) => toAccountJson(setAccountListType(db, params.id, body.listType, actorOf(user))), {
      signedIn: true,
      params: idParam,
      body: listTypeBody,
    })
    .patch("/:id/list-type", ({ params, body, user }) => toAccountJson(setAccountListType(db, params.id, body.listType, actorOf(user))), {
      signedIn: true,
      params: idParam,
      body: listTypeBody,
    });
}
