import type { EmailThread, EmailThreadSummary } from "../../contracts/emails.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest } from "./client";

export type { EmailThreadSummary };

const UNMATCHED_EMAIL_THREADS_PATH = "/api/email-threads/unmatched";

/** Threads a page of the unmatched e-mail shows. */
export const UNMATCHED_EMAIL_PAGE_SIZE = 10;

export function unmatchedEmailThreadsUrl(limit: number, offset: number): string {
  return `${UNMATCHED_EMAIL_THREADS_PATH}?limit=${limit}&offset=${offset}`;
}

/**
 * Files a thread under an account. What it changes is read again: the unmatched threads, and the account's
 * screen (its Emails tab, timeline and Last E-mailed) should it be open in the cache.
 */
export function useRefreshAfterFiling(): () => Promise<void> {
  return useRefreshReads(READS_FILING_CHANGES);
}

const READS_FILING_CHANGES = [UNMATCHED_EMAIL_THREADS_PATH, "/api/accounts"] as const;

export function fileEmailThread(threadId: number, accountId: number): Promise<EmailThread> {
  return apiRequest<EmailThread>("POST", `/api/email-threads/${threadId}/account`, { accountId });
}
