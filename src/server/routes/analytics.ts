import { Elysia } from "elysia";
import {
  ANALYTICS_PATH,
  AnalyticsSummary,
  CohortList,
  MonthlySalesList,
  MonthRangeQuery,
  PeriodQuery,
  ProductSalesList,
  ProductsQuery,
  ReorderAccountList,
  ReorderBandCounts,
  ReordersQuery,
  ReorderTasksBody,
  ReorderTasksResult,
} from "../../contracts/analytics.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { countReorderBands, createReorderTasks, listReorderAccounts } from "../../core/analytics/reorder-radar.ts";
import { readCohorts, readMonthlySales, readSalesSummary, readTopProducts } from "../../core/analytics/sales-figures.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";
import { rememberedJson } from "../json/remembered-json.ts";

/** The analytics API: see src/contracts/analytics.ts for what each route accepts and answers. */
export function analyticsRoutes(context: ServerContext) {
  const { db } = context;
  const asIs = <T>(answer: T) => answer;
  return new Elysia({ prefix: ANALYTICS_PATH })
    .use(sessionGuard(context))
    .get("/summary", ({ query, set }) => rememberedJson(db, readSalesSummary(db, query), asIs, set), {
      signedIn: true,
      query: PeriodQuery,
      ...answers(AnalyticsSummary, { description: "The period's figures and the previous period's" }),
    })
    .get("/monthly", ({ query, set }) => rememberedJson(db, readMonthlySales(db, query), asIs, set), {
      signedIn: true,
      query: MonthRangeQuery,
      ...answers(MonthlySalesList, { description: "One entry per month, empty months included" }),
    })
    .get("/cohorts", ({ query, set }) => rememberedJson(db, readCohorts(db, query), asIs, set), {
      signedIn: true,
      query: MonthRangeQuery,
      ...answers(CohortList, { description: "One entry per first-order month" }),
    })
    .get("/products", ({ query, set }) => rememberedJson(db, readTopProducts(db, query), asIs, set), {
      signedIn: true,
      query: ProductsQuery,
      ...answers(ProductSalesList, { description: "SKUs by revenue in the period" }),
    })
    .get(
      "/reorders",
      ({ query, set }) => {
        const page = listReorderAccounts(db, query);
        set.headers["x-total-count"] = String(page.total);
        return rememberedJson(db, page, ({ accounts }) => accounts, set);
      },
      { signedIn: true, query: ReordersQuery, ...answers(ReorderAccountList, { description: "A page of the band's accounts; X-Total-Count has how many it has" }) },
    )
    .get("/reorders/counts", ({ set }) => rememberedJson(db, countReorderBands(db), asIs, set), {
      signedIn: true,
      ...answers(ReorderBandCounts, { description: "How many accounts each band has today" }),
    })
    .post("/reorders/tasks", ({ body, user }) => createReorderTasks(db, body, actorOf(user)), {
      signedIn: true,
      body: ReorderTasksBody,
      ...answers(ReorderTasksResult, { description: "How many tasks were created" }),
    });
}
