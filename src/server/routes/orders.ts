import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { MatchedOrder, MatchOrderBody, OrderDetail, UNMATCHED_ORDERS_PATH, UnmatchedOrderList, UnmatchedOrdersQuery } from "../../contracts/orders.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { accountSuggester } from "../../core/duplicates/order-suggestions.ts";
import { getOrderDetail } from "../../core/orders/order-detail.ts";
import { listUnmatchedOrders, matchUnmatchedOrder } from "../../core/orders/unmatched-orders.ts";
import type { ServerContext } from "../context.ts";
import { toOrderDetailJson, toUnmatchedOrderJson } from "../json/order-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * One order whole, and the orders that came without a customer e-mail, which sales and administrators
 * alike may match to an account (matching one is everyday order work, like editing an account); an
 * account's orders are listed under the account (accounts.ts). See src/contracts/orders.ts.
 */
export function orderRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get(
      UNMATCHED_ORDERS_PATH,
      ({ query, set }) => {
        const page = listUnmatchedOrders(db, query);
        set.headers["x-total-count"] = String(page.total);
        // Suggesting reads duplicate detection's keys, built on first use: only when there is something to suggest for.
        if (query.suggestions === false || page.orders.length === 0) return page.orders.map((order) => toUnmatchedOrderJson(order, []));
        const suggest = accountSuggester(db);
        return page.orders.map((order) => toUnmatchedOrderJson(order, suggest(order.shipTo)));
      },
      { signedIn: true, query: UnmatchedOrdersQuery, ...answers(UnmatchedOrderList, { description: "One page of unmatched orders, newest first; X-Total-Count has how many wait" }) },
    )
    .get("/api/orders/:id", ({ params }) => toOrderDetailJson(getOrderDetail(db, params.id)), { signedIn: true, params: IdParams, ...answers(OrderDetail) })
    .post(
      "/api/orders/:id/match",
      ({ params, body, user }): MatchedOrder => {
        const matched = matchUnmatchedOrder(db, params.id, body.accountId, actorOf(user));
        const name = matched.orderNumber ? `Order #${matched.orderNumber}` : "The order";
        return { message: `${name} matched to ${matched.accountName}`, orderId: matched.orderId, accountId: body.accountId };
      },
      {
        signedIn: true,
        params: IdParams,
        body: MatchOrderBody,
        ...answers(MatchedOrder, { description: "Matched: now one of the account's orders, its figures recounted. {id} is an unmatched order's, as GET /api/orders/unmatched lists it" }),
      },
    );
}
