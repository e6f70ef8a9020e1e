import { useCallback, useEffect, useState } from "react";
import useSWR from "swr";
import type { DuplicateCandidate } from "../../core/duplicates/duplicate-candidates.ts";
import { accountDetailUrl } from "./account-detail";
import type { Account } from "./accounts";
import { apiRequest } from "./client";

/** Reads under this path count the accounts that may be duplicates; account changes refresh them. */
export const DUPLICATES_PATH = "/api/duplicates";

/**
 * What a merge chooses an account for, in the order the dialog asks: each field's value, the list (with
 * its pinning) and the owner.
 */
export const MERGE_FIELDS = ["name", "email", "domain", "phone", "list", "owner"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/**
 * What a merge needs to know of an account: the values, list and owner it may keep, and its orders, which
 * tell accounts apart and make the busiest one's list and owner the default.
 */
export type MergeableAccount = Pick<Account, "id" | "name" | "email" | "domain" | "phone" | "orderCount" | "listType" | "listPinned" | "ownerUserId">;

/**
 * An account that may be the same customer as another one, as GET /api/accounts/{id}/duplicates lists it:
 * core's candidate as it is, scored 0 to 100, with reasons such as 'Same domain riverside.org'.
 */
export type { DuplicateCandidate };

/** What POST /api/accounts/merge is asked to do. */
export interface MergeRequest {
  /** The account that survives. */
  targetId: number;
  /** The accounts that go into the target and are removed. */
  sourceIds: number[];
  /** Which account each value, the list and the owner come from. */
  fields: Record<MergeField, number>;
  /** Work it all out and change nothing. */
  dryRun?: true;
}

/** What a merge did, or with dryRun would do. */
export interface MergeOutcome {
  dryRun: boolean;
  /** The surviving account as it is (or would be) after the merge. */
  account: MergeableAccount & Pick<Account, "totalOrderValue">;
  /** Who looks after the surviving account: named, deactivated team members too. */
  owner: { id: number; name: string } | null;
  /** How many of each the removed accounts hand over to the surviving one. */
  moves: MergeMoves;
  /** Contacts that go because another of the merged contacts has the same e-mail: combined into it. */
  contactsCombined: number;
  /** E-mails that keep leading to the surviving account: the removed accounts', and its own if it takes another. */
  aliases: string[];
}

export interface MergeMoves {
  contacts: number;
  orders: number;
  notes: number;
  tasks: number;
  activities: number;
}

/** How many accounts have a possible duplicate nobody has merged or dismissed yet. */
export function useDuplicateSummary() {
  const { data, error, mutate } = useSWR<{ count: number }>(`${DUPLICATES_PATH}/summary`);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { count: data?.count, error, retry };
}

/** The open possible duplicates of an account, best first. Under the account's path, so account changes refresh them. */
export function useDuplicateCandidates(accountId: number) {
  const { data, error, mutate } = useSWR<DuplicateCandidate[]>(`${accountDetailUrl(accountId)}/duplicates`, { keepPreviousData: true });
  const retry = useCallback(() => void mutate(), [mutate]);
  return { candidates: data, error, retry };
}

/** 'Not a duplicate': the pair is never suggested again. */
export function dismissDuplicate(accountId: number, otherAccountId: number): Promise<void> {
  return apiRequest<void>("POST", `${accountDetailUrl(accountId)}/duplicates/${otherAccountId}/dismiss`);
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
  return apiRequest<MergeOutcome>("POST", "/api/accounts/merge", request);
}

/** An account found by search, with the values a merge may keep, which search results leave out. */
export async function fetchMergeableAccount(accountId: number): Promise<MergeableAccount> {
  // The detail brings contacts and orders too: only what the merge shows is kept.
  const { id, name, email, domain, phone, orderCount, listType, listPinned, ownerUserId } = await apiRequest<MergeableAccount>("GET", accountDetailUrl(accountId));
  return { id, name, email, domain, phone, orderCount, listType, listPinned, ownerUserId };
}
