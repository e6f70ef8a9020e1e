import type { MailboxSettings } from "../../contracts/mailboxes.ts";
import type { Mailbox } from "../../core/mail/mailboxes.ts";

/**
 * A mailbox as administrators see it: everything but its password, which only says it is set; with how many
 * of its messages the CRM keeps (`messageCounts`, mailboxMessageCounts) and whether a reading is under way.
 */
export function toMailboxJson(mailbox: Mailbox, reading: { messageCounts: ReadonlyMap<number, number>; syncing: boolean }): MailboxSettings {
  const { id, name, host, port, secure, username, folders, visibility, source, lastSyncedAt, lastError } = mailbox;
  return {
    id,
    name,
    host,
    port,
    secure,
    username,
    secretSet: mailbox.secret !== "",
    folders,
    visibility,
    source,
    lastSyncedAt: lastSyncedAt?.toISOString() ?? null,
    lastError,
    messageCount: reading.messageCounts.get(id) ?? 0,
    syncing: reading.syncing,
  };
}
