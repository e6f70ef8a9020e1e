/**
 * The words of e-mail received from the team's mailboxes (issue #34), which core's schema and sync use and
 * the Emails tab's routes will: how much of a mailbox's mail staff see, where a mailbox was set up, how a
 * message came to an account.
 */

/**
 * How much of a mailbox's mail staff see: who wrote to whom and when (`metadata`), that and the subject
 * (`subject`), or the whole message with its attachments (`everything`). A message held by several
 * mailboxes shows as much as the most open of them allows: whoever reads that mailbox could see it anyway.
 */
export const MAIL_VISIBILITIES = ["metadata", "subject", "everything"] as const;
export type MailVisibility = (typeof MAIL_VISIBILITIES)[number];

/** Set up by an administrator (Settings → E-mail) or by the environment (CRM_MAIL_IMAP, CRM_MAIL_IMAP_1…). */
export const MAILBOX_SOURCES = ["settings", "environment"] as const;

/** How a message came to an account: a participant's address is a contact's, the account's own, a merged account's, a customer's on its orders; its business domain; or staff's choice. */
export const MAIL_MATCHES = ["contact", "account", "alias", "order", "domain", "staff"] as const;
export type MailMatch = (typeof MAIL_MATCHES)[number];

/** Where a participant stands in a message (a Bcc is known only in the sender's copy, such as a Sent folder's). */
export const MAIL_PARTICIPANT_ROLES = ["from", "to", "cc", "bcc"] as const;
export type MailParticipantRole = (typeof MAIL_PARTICIPANT_ROLES)[number];

/** The folders read when a mailbox names none. */
export const DEFAULT_MAIL_FOLDERS = ["INBOX", "Sent"] as const;

/** An attachment larger than this is listed by name, type and size, but its file is not kept. */
export const MAIL_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** A message's snippet: the start of its text, in characters. */
export const MAIL_SNIPPET_LENGTH = 200;
