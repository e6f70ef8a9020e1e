import { useCallback } from "react";
import useSWR from "swr";
import type { EmailMessage, EmailMessagePageQuery, EmailThread, EmailThreadSummary } from "../../contracts/emails.ts";
import { accountDetailUrl } from "./account-detail";
import { apiUrl } from "./client";
import { usePagedList } from "./paged-reads";

export type { EmailMessage, EmailThread, EmailThreadSummary };

/** Threads read at a time: 'Show more' reads the next ones. */
export const EMAIL_THREADS_PER_PAGE = 25;

/**
 * An account's e-mail threads, newest first, a page at a time. The Emails tab reads them as it opens (its
 * panel mounts then), so the account screen's first reads stay what they are.
 */
export function useAccountEmailThreads(accountId: number) {
  const { items, ...pages } = usePagedList<EmailThreadSummary>(({ limit, offset }) => apiUrl(`${accountDetailUrl(accountId)}/emails`, { limit, offset }), EMAIL_THREADS_PER_PAGE);
  return { threads: items, ...pages };
}

/** A thread's messages, oldest first; nothing is read while `threadId` is null. */
export function useEmailThread(threadId: number | null) {
  const { data, error, mutate } = useSWR<EmailThread>(threadId === null ? null : `/api/email-threads/${threadId}`);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { thread: data, error, retry };
}

/** Where an attachment's file is downloaded from: a download, never a page (contracts/email-attachments.ts). */
export function emailAttachmentUrl(attachmentId: number): string {
  return `/api/email-attachments/${attachmentId}`;
}

/**
 * A message's HTML as a page of its own, for its frame: the sender's https images hidden, or shown with
 * `remoteImages` ("Load images"). The server sends it under a policy of its own (contracts/emails.ts).
 */
export function emailMessagePageUrl(messageId: number, { remoteImages }: { remoteImages: boolean }): string {
  const query: EmailMessagePageQuery = { images: remoteImages ? "remote" : undefined };
  return apiUrl(`/api/email-messages/${messageId}/html`, query);
}
