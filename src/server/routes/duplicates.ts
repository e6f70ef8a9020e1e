import { Elysia, t } from "elysia";
import { findAccount } from "../../core/accounts/accounts.ts";
import { actorOf } from "../../core/activity/actor.ts";
import { countAccountsWithOpenDuplicates, dismissDuplicatePair, listDuplicateCandidates } from "../../core/duplicates/duplicate-candidates.ts";
import { mergeAccounts } from "../../core/duplicates/merge.ts";
import { centsToDollars } from "../../core/import/money.ts";
import type { ServerContext } from "../context.ts";
import { toAccountJson } from "../json/account-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam } from "./params.ts";

const accountId = t.Integer({ minimum: 1 });
const mergeBody = t.Object({
  targetId: accountId,
  sourceIds: t.Array(accountId, { maxItems: 1000 }),
  fields: t.Optional(
    t.Object({
      name: t.Optional(accountId),
      email: t.Optional(accountId),
      domain: t.Optional(accountId),
      phone: t.Optional(accountId),
      list: t.Optional(accountId),
      owner: t.Optional(accountId),
    }),
  ),
  dryRun: t.Optional(t.Boolean()),
});

/** Possible duplicates of an account, dismissing a pair, the accounts list's badge, and merging. */
export function duplicateRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api" })
    .use(sessionGuard(context))
    .get("/duplicates/summary", () => ({ count: countAccountsWithOpenDuplicates(db) }), { signedIn: true })
    .get("/accounts/:id/duplicates", ({ params }) => listDuplicateCandidates(db, params.id), { signedIn: true, params: idParam })
    .post(
      "/accounts/:id/duplicates/:otherId/dismiss",
      ({ params, set }) => {
        dismissDuplicatePair(db, params.id, params.otherId);
        set.status = 204;
      },
      { signedIn: true, params: t.Object({ id: t.Numeric({ minimum: 1 }), otherId: t.Numeric({ minimum: 1 }) }) },
    )
    .post(
      "/accounts/merge",
      ({ body, user }) => {
        const outcome = mergeAccounts(db, body, actorOf(user));
        // A dry run shows the account as it would be; a merge answers with the account as it now is.
        const account = body.dryRun
          ? {
              id: outcome.targetId,
              ...outcome.fields,
              ...outcome.list,
              ownerUserId: outcome.owner?.id ?? null,
              orderCount: outcome.orderCount,
              totalOrderValue: centsToDollars(outcome.totalOrderCents),
            }
          : toAccountJson(findAccount(db, outcome.targetId));
        const { moves, contactsCombined, owner, aliases } = outcome;
        return { dryRun: body.dryRun === true, account, owner, moves, contactsCombined, aliases };
      },
      { signedIn: true, body: mergeBody },
    );
}
