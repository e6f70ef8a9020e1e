import { Elysia } from "elysia";
import { getAccountDetail, listOrders } from "../../core/accounts/account-detail.ts";
import { accountExportFileName, exportAccounts } from "../../core/accounts/account-export.ts";
import { bulkUpdateAccounts } from "../../core/accounts/account-bulk.ts";
import { accountOrderOf, accountQueryOf, listAccounts } from "../../core/accounts/account-list.ts";
import { createAccount, setAccountListType, updateAccount } from "../../core/accounts/accounts.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { csvByteStream } from "../../core/csv/csv-writer.ts";
import {
  Account,
  ACCOUNT_BULK_PATH,
  ACCOUNT_EXPORT_PATH,
  AccountChanges,
  AccountDetail,
  AccountExportQuery,
  AccountList,
  AccountListQuery,
  BulkAccountsBody,
  BulkAccountsResult,
  ListTypeBody,
  NewAccountBody,
  type AccountSelection,
} from "../../contracts/accounts.ts";
import { t } from "../../contracts/type-builder.ts";
import { IdParams } from "../../contracts/common.ts";
import { AccountOrdersQuery, OrderList } from "../../contracts/orders.ts";
import type { ServerContext } from "../context.ts";
import { toAccountDetailJson, toAccountJson } from "../json/account-json.ts";
import { toOrderJson } from "../json/order-json.ts";
import { rememberedQuery } from "../middleware/remembered-query.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { rememberedJson } from "../json/remembered-json.ts";

/** The accounts API: see src/contracts/accounts.ts for what each route accepts and answers. */
export function accountRoutes(context: ServerContext) {
  const { db } = context;
  const prefix = "/api/accounts";
  const moveToList = ({ params, body, user }: { params: IdParams; body: ListTypeBody; user: Parameters<typeof actorOf>[0] }) =>
    toAccountJson(setAccountListType(db, params.id, body.listType, actorOf(user)));
  return new Elysia({ prefix })
    .use(sessionGuard(context))
    .get(
      ACCOUNT_EXPORT_PATH.slice(prefix.length),
      ({ query, user }) => {
        const csv = exportAccounts(db, exportSelectionOf(query), accountOrderOf(query), actorOf(user));
        return new Response(csvByteStream(csv.chunks), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${accountExportFileName()}"`,
            // Customer data: kept by no cache on the way, nor by the browser beyond the download.
            "cache-control": "no-store",
          },
        });
      },
      {
        signedIn: true,
        query: AccountExportQuery,
        ...answers(t.String({ description: "CSV, UTF-8 with a byte order mark" }), {
          contentType: "text/csv",
          description: "Every matching account (or those named by ids), as an attachment named accounts-YYYY-MM-DD.csv",
        }),
      },
    )
    .post(ACCOUNT_BULK_PATH.slice(prefix.length), ({ body, user }) => bulkUpdateAccounts(db, body, actorOf(user)), {
      signedIn: true,
      body: BulkAccountsBody,
      ...answers(BulkAccountsResult),
    })
    .get(
      "/",
      ({ query, set, user }) => {
        const page = listAccounts(db, accountQueryOf(query, user.id));
        set.headers["x-total-count"] = String(page.total);
        return rememberedJson(db, page, ({ accounts }) => accounts.map(toAccountJson), set);
      },
      // The accounts table's pages: the hottest query of the API (bench:api).
      { signedIn: true, ...rememberedQuery(AccountListQuery), ...answers(AccountList, { description: "One page of accounts; X-Total-Count has the number of matches" }) },
    )
    .post(
      "/",
      ({ body, set, user }) => {
        set.status = 201;
        return toAccountJson(createAccount(db, body, actorOf(user)));
      },
      { signedIn: true, body: NewAccountBody, ...answers(Account, { status: 201 }) },
    )
    .get("/:id", ({ params, set }) => rememberedJson(db, getAccountDetail(db, params.id), toAccountDetailJson, set), {
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
      { signedIn: true, params: IdParams, query: AccountOrdersQuery, ...answers(OrderList, { description: "Newest first; X-Total-Count has how many orders match (cancelled ones included)" }) },
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

/** The export's `ids` (1,2,3) when given, which replace the filters; otherwise its filters. */
function exportSelectionOf(query: AccountExportQuery): AccountSelection {
  return query.ids === undefined ? { allMatching: query } : { ids: query.ids.split(",").map(Number) };
}
