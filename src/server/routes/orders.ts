import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { OrderDetail } from "../../contracts/orders.ts";
import { getOrderDetail } from "../../core/orders/order-detail.ts";
import type { ServerContext } from "../context.ts";
import { toOrderDetailJson } from "../json/order-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** One order whole; an account's orders are listed under the account (accounts.ts). See src/contracts/orders.ts. */
export function orderRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get("/api/orders/:id", ({ params }) => toOrderDetailJson(getOrderDetail(db, params.id)), { signedIn: true, params: IdParams, ...answers(OrderDetail) });
}
