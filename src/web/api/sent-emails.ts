import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { EmailReplyBody, NewEmailBody, ReplyDraft, SentEmail } from "../../contracts/sent-emails.ts";
import { accountDetailUrl } from "./account-detail";
import { apiRequest } from "./client";

export { EMAIL_CC_MAX_LENGTH, EMAIL_TEXT_MAX_LENGTH } from "../../contracts/sent-emails.ts";
export type { EmailReplyBody, NewEmailBody, ReplyDraft, SentEmail };

/** A new message from the account to one of its addresses, sent and kept in its Emails tab. */
export function sendAccountEmail(accountId: number, email: NewEmailBody): Promise<SentEmail> {
  return apiRequest<SentEmail>("POST", `${accountDetailUrl(accountId)}/emails`, email);
}

/** A reply to a thread's latest message, sent and kept in the thread. */
export function replyToEmailThread(threadId: number, reply: EmailReplyBody): Promise<SentEmail> {
  return apiRequest<SentEmail>("POST", `/api/email-threads/${threadId}/replies`, reply);
}

/** Whom a reply to the thread goes to, and its subject; nothing is read while `threadId` is null. */
export function useReplyDraft(threadId: number | null) {
  const { data, error } = useSWR<ReplyDraft>(threadId === null ? null : `/api/email-threads/${threadId}/reply`);
  return { draft: data, error };
}

/**
 * Forgets a thread's messages read before, so that the thread opened next reads them again with the one
 * just sent (reads are kept until told: swr-config.ts).
 */
export function useForgetEmailThread() {
  const { mutate } = useSWRConfig();
  return useCallback((threadId: number) => void mutate(`/api/email-threads/${threadId}`, undefined), [mutate]);
}
