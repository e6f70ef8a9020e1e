import { t } from "./type-builder.ts";
import { IsoTime, oneOf, requiredText, SHORT_TEXT_MAX_LENGTH, wholeNumberField } from "./common.ts";
import { MAIL_VISIBILITIES, MAILBOX_SOURCES } from "./mail.ts";

/**
 * The IMAP mailboxes the CRM reads customers' e-mail from (Settings → E-mail), administrators only:
 *   GET     /api/settings/mailboxes        every mailbox, the environment's too (→ MailboxSettings[])
 *   POST    /api/settings/mailboxes        add one (NewMailboxBody → MailboxSettings, 201; 409 when the server already has that user)
 *   PATCH   /api/settings/mailboxes/{id}   change one (MailboxChanges → MailboxSettings; 409 for the environment's)
 *   DELETE  /api/settings/mailboxes/{id}   stop reading one; the mail it brought stays (204; 409 for the environment's)
 *   POST    /api/settings/mailboxes/sync   read every mailbox now, in the background (→ MessageAnswer, 202), rather than at the next five-minute turn
 * The password is never sent back: `secretSet` says there is one.
 */

/** What "Sync now" answers: the reading runs in the background. */
export const SYNC_STARTED_MESSAGE = "Reading the mailboxes now; new mail reaches its accounts in a minute or two";

/** Folders one mailbox may read. */
export const MAILBOX_FOLDERS_MAX = 20;
const FOLDER_MAX_LENGTH = 200;
const SECRET_MAX_LENGTH = 1000;

const Folders = t.Array(requiredText(FOLDER_MAX_LENGTH), { minItems: 1, maxItems: MAILBOX_FOLDERS_MAX, error: `folders must be 1 to ${MAILBOX_FOLDERS_MAX} folder names` });
const Host = t.String({ minLength: 1, maxLength: 253, pattern: "^[A-Za-z0-9.:\\[\\]-]+$", error: "host must be a server's name or address, such as imap.example.com" });

export const NewMailboxBody = t.Object({
  name: t.Optional(requiredText(SHORT_TEXT_MAX_LENGTH, "How staff know it; the user and server when not given")),
  host: Host,
  port: t.Optional(wholeNumberField("port", 1, 65535)),
  secure: t.Optional(t.Boolean({ description: "IMAP over TLS (993 by default); false only for a server on this machine", error: "secure must be true or false" })),
  username: requiredText(SHORT_TEXT_MAX_LENGTH),
  secret: requiredText(SECRET_MAX_LENGTH, "The IMAP password; never sent back"),
  folders: t.Optional(Folders),
  visibility: t.Optional(oneOf("visibility", MAIL_VISIBILITIES, "What staff see of its mail: metadata, subject or everything (the default)")),
});
export type NewMailboxBody = typeof NewMailboxBody.static;

export const MailboxChanges = t.Partial(NewMailboxBody);
export type MailboxChanges = typeof MailboxChanges.static;

export const MailboxSettings = t.Object({
  id: t.Integer(),
  name: t.String(),
  host: t.String(),
  port: t.Integer(),
  secure: t.Boolean(),
  username: t.String(),
  secretSet: t.Boolean(),
  folders: t.Array(t.String()),
  visibility: oneOf("visibility", MAIL_VISIBILITIES),
  source: oneOf("source", MAILBOX_SOURCES, "settings, or environment for a CRM_MAIL_IMAP mailbox, changed there"),
  lastSyncedAt: t.Union([IsoTime, t.Null()]),
  lastError: t.Union([t.String(), t.Null()], { description: "What stopped its latest sync; null when it succeeded" }),
  messageCount: t.Integer({ description: "The messages the CRM keeps from it" }),
  syncing: t.Boolean({ description: "A reading of the mailboxes (they are read one after another) is under way: its lastSyncedAt, lastError and messageCount change when it ends" }),
});
export type MailboxSettings = typeof MailboxSettings.static;

export const MailboxList = t.Array(MailboxSettings);
