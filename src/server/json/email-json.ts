import type { EmailThread, EmailThreadSummary } from "../../contracts/emails.ts";
import type { EmailThread as StoredThread, EmailThreadSummary as StoredThreadSummary } from "../../core/mail/account-emails.ts";

export function toEmailThreadSummaryJson(thread: StoredThreadSummary): EmailThreadSummary {
  return { ...thread, lastMessageAt: thread.lastMessageAt.toISOString() };
}

export function toEmailThreadJson(thread: StoredThread): EmailThread {
  return { ...thread, messages: thread.messages.map((message) => ({ ...message, sentAt: message.sentAt.toISOString() })) };
}
