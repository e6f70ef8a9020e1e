import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
import { DismissParams, DuplicateCandidateList, DuplicateSummary, MergeBody, MergeOutcome, MERGES_PATH, MergeUndone } from "../../contracts/duplicates.ts";
import { findAccount } from "../../core/accounts/accounts.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { countAccountsWithOpenDuplicates, dismissDuplicatePair, listDuplicateCandidates } from "../../core/duplicates/duplicate-candidates.ts";
import { mergeAccounts } from "../../core/duplicates/merge.ts";
import { undoMerge } from "../../core/duplicates/merge-undo.ts";
import type { ServerContext } from "../context.ts";
import { toDuplicateCandidateJson, toMergeJson, toMergePreviewJson } from "../json/duplicate-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** The duplicates API: see src/contracts/duplicates.ts for what each route accepts and answers. */
export function duplicateRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api" })
    .use(sessionGuard(context))
    .get("/duplicates/summary", (): DuplicateSummary => ({ count: countAccountsWithOpenDuplicates(db) }), { signedIn: true, ...answers(DuplicateSummary) })
    .get("/accounts/:id/duplicates", ({ params }) => listDuplicateCandidates(db, params.id).map(toDuplicateCandidateJson), {
      signedIn: true,
      params: IdParams,
      ...answers(DuplicateCandidateList, { description: "Open pairs only, best first" }),
    })
    .post(
      "/accounts/:id/duplicates/:otherId/dismiss",
      ({ params, set }) => {
        dismissDuplicatePair(db, params.id, params.otherId);
        set.status = 204;
      },
      { signedIn: true, params: DismissParams, ...answers(null, { status: 204, description: "Dismissed: the pair is never flagged again" }) },
    )
    .post(
      "/accounts/merge",
      ({ body, user }) => {
        const outcome = mergeAccounts(db, body, actorOf(user));
        return body.dryRun ? toMergePreviewJson(outcome) : toMergeJson(outcome, findAccount(db, outcome.targetId));
      },
      { signedIn: true, body: MergeBody, ...answers(MergeOutcome) },
    )
    .post(`${MERGES_PATH.slice("/api".length)}/:id/undo`, ({ params, user }): MergeUndone => undoMerge(db, params.id, actorOf(user)), {
      signedIn: true,
      params: IdParams,
      ...answers(MergeUndone, { description: "Refused (409) once undone, after 30 days, or when a later merge stands in the way" }),
    });
}
