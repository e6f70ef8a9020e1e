import { and, eq, inArray, or } from "drizzle-orm";
import { DEFAULT_MAIL_FOLDERS, MAIL_VISIBILITIES, type MailVisibility } from "../../contracts/mail.ts";
import type { CrmDatabase } from "../database/open.ts";
import { mailboxes } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { invalid } from "../errors.ts";

export type Mailbox = typeof mailboxes.$inferSelect;

/** What reaching and reading a mailbox takes, wherever it was set up. */
export interface MailboxSetup {
  name: string;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  secret: string;
  folders: string[];
  visibility: MailVisibility;
}

/** `CRM_MAIL_IMAP`, then `CRM_MAIL_IMAP_1`, `CRM_MAIL_IMAP_2`…: one mailbox each. */
const VARIABLE = /^CRM_MAIL_IMAP(?:_(\d+))?$/;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** A server on this machine, the only one plain IMAP may reach: a password must not cross a network in the clear. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/**
 * The mailboxes the environment sets up, for operators: `CRM_MAIL_IMAP=imaps://user:password@host:993/INBOX,Sent`
 * and more with `CRM_MAIL_IMAP_1`, `_2`… The path names the folders (INBOX and Sent when none), the user
 * and password are URL-encoded (an @ in the user is %40), `?visibility=metadata|subject` shows less than
 * everything. Plain `imap://` only reaches a server on this machine (the tests'), as a password must not
 * cross a network in the clear. A mistake is refused naming the variable.
 */
export function mailboxesFromEnvironment(env: Record<string, string | undefined>): { variable: string; setup: MailboxSetup }[] {
  return Object.keys(env)
    .map((variable) => ({ variable, match: VARIABLE.exec(variable) }))
    .filter(({ variable, match }) => match !== null && (env[variable] ?? "").trim() !== "")
    .sort((a, b) => Number(a.match![1] ?? -1) - Number(b.match![1] ?? -1))
    .map(({ variable }) => ({ variable, setup: parseMailboxUrl(variable, env[variable]!.trim()) }));
}

export function parseMailboxUrl(variable: string, text: string): MailboxSetup {
  const refuse = (why: string) => invalid(variable, `${variable} ${why} (expected imaps://user:password@host:993/INBOX,Sent)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse("is not a URL");
  }
  if (url.protocol !== "imaps:" && url.protocol !== "imap:") throw refuse(`must start with imaps:// (it starts with ${url.protocol}//)`);
  const secure = url.protocol === "imaps:";
  if (!secure && !isLoopbackHost(url.hostname)) throw refuse("uses plain imap:// to another machine, which would send the password unencrypted: use imaps://");
  if (url.hostname === "") throw refuse("names no server");
  if (url.username === "" || url.password === "") throw refuse("needs the user and password before the server (user:password@host)");
  const port = url.port === "" ? (secure ? 993 : 143) : Number(url.port);
  const folders = url.pathname
    .replace(/^\//, "")
    .split(",")
    .map((folder) => decodeURIComponent(folder).trim())
    .filter((folder) => folder !== "");
  const unknown = [...url.searchParams.keys()].filter((key) => key !== "visibility");
  if (unknown.length > 0) throw refuse(`has an unknown setting ${unknown.join(", ")} (only ?visibility=metadata|subject|everything)`);
  const visibility = url.searchParams.get("visibility") ?? "everything";
  if (!(MAIL_VISIBILITIES as readonly string[]).includes(visibility)) throw refuse(`has visibility=${visibility}; it must be one of ${MAIL_VISIBILITIES.join(", ")}`);
  const username = decodeURIComponent(url.username);
  return {
    name: `${username} on ${url.hostname}`,
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port,
    secure,
    username,
    secret: decodeURIComponent(url.password),
    folders: folders.length > 0 ? folders : [...DEFAULT_MAIL_FOLDERS],
    visibility: visibility as MailVisibility,
  };
}

/**
 * Keeps the environment's mailboxes in the table, found again by server, port and user: their password,
 * folders and visibility follow the environment at each run. Answers them, in the environment's order.
 * A mailbox the environment no longer names stays (with the mail it brought) but is not read.
 */
export function keepEnvironmentMailboxes(db: CrmDatabase, setups: readonly MailboxSetup[]): Mailbox[] {
  if (setups.length === 0) return [];
  return inTransaction(
    db,
    () => {
      const now = new Date();
      for (const setup of setups) {
        db.insert(mailboxes)
          .values({ ...setup, source: "environment", createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [mailboxes.host, mailboxes.port, mailboxes.username],
            set: { name: setup.name, secure: setup.secure, secret: setup.secret, folders: setup.folders, visibility: setup.visibility, updatedAt: now },
          })
          .run();
      }
      const rows = db
        .select()
        .from(mailboxes)
        .where(or(...setups.map((setup) => and(eq(mailboxes.host, setup.host), eq(mailboxes.port, setup.port), eq(mailboxes.username, setup.username)))))
        .all();
      return setups.map((setup) => rows.find((row) => row.host === setup.host && row.port === setup.port && row.username === setup.username)!);
    },
    { immediate: true },
  );
}

/** The mailboxes an administrator set up in Settings. */
export function settingsMailboxes(db: CrmDatabase): Mailbox[] {
  return db.select().from(mailboxes).where(eq(mailboxes.source, "settings")).orderBy(mailboxes.id).all();
}

/** A mailbox as it is set up now; null once it is removed. */
export function mailboxById(db: CrmDatabase, id: number): Mailbox | null {
  return db.select().from(mailboxes).where(eq(mailboxes.id, id)).get() ?? null;
}

/** Records how a mailbox's latest sync ended: its time, and what stopped it (null when it succeeded). */
export function recordMailboxSync(db: CrmDatabase, mailboxIds: readonly number[], at: Date, error: string | null): void {
  if (mailboxIds.length === 0) return;
  inTransaction(db, () => db.update(mailboxes).set({ lastSyncedAt: at, lastError: error }).where(inArray(mailboxes.id, [...mailboxIds])).run());
}
