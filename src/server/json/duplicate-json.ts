import type { AccountSummary } from "../../core/accounts/account-list.ts";
import type { MergeOutcome as PlannedMerge } from "../../core/duplicates/merge.ts";
import { centsToDollars } from "../../core/money/money.ts";
import { MERGEABLE_ACCOUNT_FIELDS, type DuplicateCandidate, type MergeableAccount, type MergeOutcome } from "../../contracts/duplicates.ts";
import { toAccountJson } from "./account-json.ts";

export function toDuplicateCandidateJson({ account, score, reasons }: DuplicateCandidate): DuplicateCandidate {
  return { account: toMergeableAccountJson(account), score, reasons };
}

/** A dry run's answer: the target as the merge would leave it. */
export function toMergePreviewJson(outcome: PlannedMerge): MergeOutcome {
  const { targetId, fields, list, owner, orderCount, totalOrderCents } = outcome;
  const account = { id: targetId, ...fields, ...list, ownerUserId: owner?.id ?? null, orderCount };
  return toMergeOutcomeJson(true, { ...toMergeableAccountJson(account), totalOrderValue: centsToDollars(totalOrderCents) }, outcome);
}

/** A merge's answer: the target as it now is, read afresh, since the recount may have moved it to another list. */
export function toMergeJson(outcome: PlannedMerge, target: AccountSummary): MergeOutcome {
  return toMergeOutcomeJson(false, toAccountJson(target), outcome);
}

function toMergeOutcomeJson(dryRun: boolean, account: MergeOutcome["account"], outcome: PlannedMerge): MergeOutcome {
  return {
    dryRun,
    account,
    owner: outcome.owner && { id: outcome.owner.id, name: outcome.owner.name },
    moves: { ...outcome.moves },
    contactsCombined: outcome.contactsCombined,
    aliases: outcome.aliases,
    mergeId: outcome.mergeId,
  };
}

/** Only the contract's fields, whatever else the account read from the database carries. */
function toMergeableAccountJson(account: MergeableAccount): MergeableAccount {
  return Object.fromEntries(MERGEABLE_ACCOUNT_FIELDS.map((field) => [field, account[field]])) as MergeableAccount;
}
