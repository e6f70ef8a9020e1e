import { useCallback } from "react";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import type { EmailMessage, EmailThread, EmailThreadSummary } from "../../contracts/emails.ts";
import { accountDetailUrl } from "./account-detail";
import { apiUrl, fetchCountedList, type CountedList } from "./client";

export type { EmailMessage, EmailThread, EmailThreadSummary };

/** Threads read at a time: 'Show more' reads the next ones. */
export const EMAIL_THREADS_PER_PAGE = 25;

/**
 * An account's e-mail threads, newest first, a page at a time. The Emails tab reads them as it opens (its
 * panel mounts then), so the account screen's first reads stay what they are.
 */
export function useAccountEmailThreads(accountId: number) {
  const { data, error, size, setSize, mutate } = useSWRInfinite<CountedList<EmailThreadSummary>, unknown>(
    (index) => apiUrl(`${accountDetailUrl(accountId)}/emails`, { limit: EMAIL_THREADS_PER_PAGE, offset: index * EMAIL_THREADS_PER_PAGE }),
    fetchCountedList,
    { keepPreviousData: true, parallel: true },
  );
  const showMore = useCallback(() => void setSize(size + 1), [setSize, size]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const total = data?.[0]?.total;
  const received = data?.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  return {
    threads: data?.flatMap((page) => page.items),
    total,
    error,
    hasMore: total !== undefined && received < total && data?.at(-1)?.items.length === EMAIL_THREADS_PER_PAGE,
    isLoadingMore: error === undefined && data !== undefined && data.length < size,
    showMore,
    refresh,
  };
}

/** A thread's messages, oldest first; nothing is read while `threadId` is null. */
export function useEmailThread(threadId: number | null) {
  const { data, error, mutate } = useSWR<EmailThread>(threadId === null ? null : `/api/email-threads/${threadId}`);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { thread: data, error, retry };
}
