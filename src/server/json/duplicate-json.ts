import type { AccountSummary } from "../../core/accounts/account-list.ts";
import type { MergeOutcome as PlannedMerge } from "../../core/duplicates/merge.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { DuplicateCandidate, MergeableAccount, MergedAccount, MergeOutcome } from "../../contracts/duplicates.ts";

export function toDuplicateCandidateJson({ account, score, reasons }: DuplicateCandidate): DuplicateCandidate {
  return { account: toMergeableAccountJson(account), score, reasons };
}

/** A dry run's answer: the target as the merge would leave it. */
export function toMergePreviewJson(outcome: PlannedMerge): MergeOutcome {
  const { targetId, fields, list, owner, orderCount, totalOrderCents } = outcome;
  return toMergeOutcomeJson(true, { id: targetId, ...fields, ...list, ownerUserId: owner?.id ?? null, orderCount, totalOrderCents }, outcome);
}

/** A merge's answer: the target as it now is, read afresh, since the recount may have moved it to another list. */
export function toMergeJson(outcome: PlannedMerge, target: AccountSummary): MergeOutcome {
  return toMergeOutcomeJson(false, target, outcome);
}

function toMergeOutcomeJson(dryRun: boolean, target: MergeableAccount & { totalOrderCents: number }, outcome: PlannedMerge): MergeOutcome {
  return {
    dryRun,
    account: toMergedAccountJson(target),
    owner: outcome.owner && { id: outcome.owner.id, name: outcome.owner.name },
    moves: { ...outcome.moves },
    contactsCombined: outcome.contactsCombined,
    aliases: outcome.aliases,
  };
}

function toMergedAccountJson(account: MergeableAccount & { totalOrderCents: number }): MergedAccount {
  return { ...toMergeableAccountJson(account), totalOrderValue: centsToDollars(account.totalOrderCents) };
}

function toMergeableAccountJson(account: MergeableAccount): MergeableAccount {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    domain: account.domain,
    phone: account.phone,
    orderCount: account.orderCount,
    listType: account.listType,
    listPinned: account.listPinned,
    ownerUserId: account.ownerUserId,
  };
}
