import type { MailboxSettings } from "../../contracts/mailboxes.ts";
import type { Mailbox } from "../../core/mail/mailboxes.ts";

/** A mailbox as administrators see it: everything but its password, which only says it is set. */
export function toMailboxJson(mailbox: Mailbox): MailboxSettings {
  const { id, name, host, port, secure, username, folders, visibility, source, lastSyncedAt, lastError } = mailbox;
  return { id, name, host, port, secure, username, secretSet: mailbox.secret !== "", folders, visibility, source, lastSyncedAt: lastSyncedAt?.toISOString() ?? null, lastError };
}
