import { and, countDistinct, eq, ne } from "drizzle-orm";
import { DEFAULT_MAIL_FOLDERS } from "../../contracts/mail.ts";
import type { MailboxChanges, NewMailboxBody } from "../../contracts/mailboxes.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { settingChanges } from "../changes/field-changes.ts";
import type { CrmDatabase } from "../database/open.ts";
import { mailboxes, mailMessageMailboxes } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { isLoopbackHost, type Mailbox } from "./mailboxes.ts";

/**
 * The mailboxes an administrator sets up in Settings → E-mail: added, changed and removed here, each change
 * announced as a setting (the password masked). The environment's are changed in the environment.
 */
export function listMailboxes(db: CrmDatabase): Mailbox[] {
  return db.select().from(mailboxes).orderBy(mailboxes.id).all();
}

/** How many messages the CRM keeps from each mailbox (one in two of its folders counted once), by mailbox id; none kept, not there. */
export function mailboxMessageCounts(db: CrmDatabase): Map<number, number> {
  const rows = db
    .select({ mailboxId: mailMessageMailboxes.mailboxId, messages: countDistinct(mailMessageMailboxes.messageId) })
    .from(mailMessageMailboxes)
    .groupBy(mailMessageMailboxes.mailboxId)
    .all();
  return new Map(rows.map((row) => [row.mailboxId, row.messages]));
}

export function addMailbox(db: CrmDatabase, body: NewMailboxBody, actor: Actor): Mailbox {
  const secure = body.secure ?? true;
  const fields = checked({
    name: body.name?.trim() || `${body.username.trim()} on ${body.host.trim()}`,
    host: body.host.trim().toLowerCase(),
    port: body.port ?? (secure ? 993 : 143),
    secure,
    username: body.username.trim(),
    secret: body.secret,
    folders: cleanFolders(body.folders ?? [...DEFAULT_MAIL_FOLDERS]),
    visibility: body.visibility ?? "everything",
  });
  return inTransaction(db, () => {
    assertFree(db, fields, null);
    const now = new Date();
    const row = db.insert(mailboxes).values({ ...fields, source: "settings", createdAt: now, updatedAt: now }).returning().get();
    announceChange(db, { type: "setting_changed", setting: `E-mail mailbox ${row.name}`, changes: settingChanges("mailbox", null, fields), actor, at: now });
    return row;
  });
}

export function changeMailbox(db: CrmDatabase, id: number, body: MailboxChanges, actor: Actor): Mailbox {
  return inTransaction(db, () => {
    const before = editable(db, id);
    const secure = body.secure ?? before.secure;
    const fields = checked({
      name: body.name?.trim() ?? before.name,
      host: body.host?.trim().toLowerCase() ?? before.host,
      port: body.port ?? before.port,
      secure,
      username: body.username?.trim() ?? before.username,
      secret: body.secret ?? before.secret,
      folders: body.folders ? cleanFolders(body.folders) : before.folders,
      visibility: body.visibility ?? before.visibility,
    });
    assertFree(db, fields, id);
    const now = new Date();
    const row = db.update(mailboxes).set({ ...fields, updatedAt: now }).where(eq(mailboxes.id, id)).returning().get()!;
    const { name, host, port, secure: wasSecure, username, secret, folders, visibility } = before;
    const changes = settingChanges("mailbox", { name, host, port, secure: wasSecure, username, secret, folders, visibility }, fields);
    if (changes.length > 0) announceChange(db, { type: "setting_changed", setting: `E-mail mailbox ${row.name}`, changes, actor, at: now });
    return row;
  });
}

/** Stops reading a mailbox; the messages it brought stay, held by the other mailboxes that hold them or by none. */
export function removeMailbox(db: CrmDatabase, id: number, actor: Actor): void {
  inTransaction(db, () => {
    const before = editable(db, id);
    db.delete(mailboxes).where(eq(mailboxes.id, id)).run();
    announceChange(db, { type: "setting_changed", setting: `E-mail mailbox ${before.name}`, changes: [{ field: "mailbox", old: before.name, new: null }], actor, at: new Date() });
  });
}

function editable(db: CrmDatabase, id: number): Mailbox {
  const mailbox = db.select().from(mailboxes).where(eq(mailboxes.id, id)).get();
  if (!mailbox) throw notFound("Mailbox not found");
  if (mailbox.source === "environment") throw conflict("This mailbox is set by the environment (CRM_MAIL_IMAP…): change it there");
  return mailbox;
}

type MailboxFields = Pick<Mailbox, "name" | "host" | "port" | "secure" | "username" | "secret" | "folders" | "visibility">;

function checked(fields: MailboxFields): MailboxFields {
  if (!fields.secure && !isLoopbackHost(fields.host)) throw invalid("secure", "secure must be true for a server on another machine: plain IMAP would send the password unencrypted");
  if (fields.folders.length === 0) throw invalid("folders", "folders must name at least one folder");
  return fields;
}

function assertFree(db: CrmDatabase, fields: MailboxFields, id: number | null): void {
  const same = and(eq(mailboxes.host, fields.host), eq(mailboxes.port, fields.port), eq(mailboxes.username, fields.username));
  const taken = db.select({ id: mailboxes.id }).from(mailboxes).where(id === null ? same : and(same, ne(mailboxes.id, id))).get();
  if (taken) throw conflict(`${fields.username} on ${fields.host}:${fields.port} is already a mailbox`, "username");
}

function cleanFolders(folders: readonly string[]): string[] {
  return [...new Set(folders.map((folder) => folder.trim()).filter((folder) => folder !== ""))];
}
