import { useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import {
  DUPLICATES_PATH,
  MERGE_ACCOUNTS_PATH,
  MERGES_PATH,
  type DuplicateCandidate,
  type DuplicateSummary,
  type MergeableAccount,
  type MergeBody,
  type MergeFieldChoices,
  type MergeOutcome,
  type MergeUndone,
} from "../../contracts/duplicates.ts";
import { accountDetailUrl } from "./account-detail";
import { apiRequest } from "./client";

export { DUPLICATES_PATH, MERGE_FIELDS } from "../../contracts/duplicates.ts";
export type { DuplicateCandidate, MergeableAccount, MergeField, MergeMoves, MergeOutcome } from "../../contracts/duplicates.ts";

/** What the dialog asks POST /api/accounts/merge to do: it always names the account each value comes from. */
export type MergeRequest = MergeBody & { fields: MergeFieldChoices };

export const DUPLICATE_SUMMARY_URL = `${DUPLICATES_PATH}/summary`;

/** How many accounts have a possible duplicate nobody has merged or dismissed yet. */
export function useDuplicateSummary() {
  const { data, error, mutate } = useSWR<DuplicateSummary>(DUPLICATE_SUMMARY_URL);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { count: data?.count, error, retry };
}

/** GET: an account's open possible duplicates. Under the account's path, so account changes refresh them. */
export function duplicateCandidatesUrl(accountId: number): string {
  return `${accountDetailUrl(accountId)}/duplicates`;
}

/** POST: 'Not a duplicate' for the pair of these two accounts, either way round. */
export function dismissDuplicateUrl(accountId: number, otherAccountId: number): string {
  return `${duplicateCandidatesUrl(accountId)}/${otherAccountId}/dismiss`;
}

/** The open possible duplicates of an account, best first. */
export function useDuplicateCandidates(accountId: number) {
  const { data, error, mutate } = useSWR<DuplicateCandidate[]>(duplicateCandidatesUrl(accountId), { keepPreviousData: true });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { candidates: data, error, retry };
}

/** 'Not a duplicate': the pair is never suggested again. */
export function dismissDuplicate(accountId: number, otherAccountId: number): Promise<void> {
  return apiRequest<void>("POST", dismissDuplicateUrl(accountId, otherAccountId));
}

/**
 * The merge preview (a dry run) while the review step is open: null asks for nothing. Asked afresh each
 * time the step opens, since what moves changes as people add notes, orders and tasks meanwhile; not kept
 * in the shared cache, which is for reads.
 */
export function useMergePreview(request: MergeRequest | null) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ preview: MergeOutcome } | { error: unknown } | null>(null);

  useEffect(() => {
    if (!request) return;
    let isCurrent = true;
    mergeAccounts({ ...request, dryRun: true }).then(
      (preview) => isCurrent && setAnswer({ preview }),
      (error: unknown) => isCurrent && setAnswer({ error }),
    );
    return () => {
      isCurrent = false;
      // Leaving the step, or retrying, shows the loading state next time rather than an old answer.
      setAnswer(null);
    };
  }, [request, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return {
    preview: answer && "preview" in answer ? answer.preview : undefined,
    error: answer && "error" in answer ? answer.error : undefined,
    retry,
  };
}

export function mergeAccounts(request: MergeRequest): Promise<MergeOutcome> {
  return apiRequest<MergeOutcome>("POST", MERGE_ACCOUNTS_PATH, request);
}

/** An account found by search, with the values a merge may keep, which search results leave out. */
export async function fetchMergeableAccount(accountId: number): Promise<MergeableAccount> {
  // The detail brings contacts and orders too: only what the merge shows is kept.
  const { id, name, email, domain, phone, orderCount, listType, listPinned, ownerUserId } = await apiRequest<MergeableAccount>("GET", accountDetailUrl(accountId));
  return { id, name, email, domain, phone, orderCount, listType, listPinned, ownerUserId };
}

/** Undoes a merge (within 30 days): the merged accounts come back as they were. */
export function undoMerge(mergeId: number): Promise<MergeUndone> {
  return apiRequest<MergeUndone>("POST", `${MERGES_PATH}/${mergeId}/undo`);
}
