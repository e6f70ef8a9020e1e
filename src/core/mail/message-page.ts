import type { CrmDatabase } from "../database/open.ts";
import { notFound } from "../errors.ts";
import { VISIBILITY_LEVEL_SQL } from "./account-emails.ts";
import { safeMessageHtml, safeMessageHtmlWithRemoteImages } from "./safe-html.ts";

/**
 * A received message's HTML as a page of its own, which the thread dialog shows in a frame
 * (GET /api/email-messages/{id}/html, contracts/emails.ts): the server gives that page a policy of its own,
 * which lets the message's inline styles apply while the dashboard's stays strict.
 * Only a message its mailboxes show everything of has its HTML shown, as in the thread (the same visibility
 * SQL); any other, and one that came without HTML, answers 404 as if there were none.
 * The stored HTML was sanitised as it was read; it is sanitised again here, so mail kept under older rules is
 * shown under today's.
 */
export function messagePage(db: CrmDatabase, messageId: number, options: { remoteImages: boolean }): string {
  const row = db.$client
    .query<{ html: string | null; level: number }, [number]>(`SELECT m.html, ${VISIBILITY_LEVEL_SQL} AS level FROM mail_messages m WHERE m.id = ?`)
    .get(messageId);
  if (!row || row.level !== 2 || row.html === null) throw notFound("E-mail message not found");
  const body = options.remoteImages ? safeMessageHtmlWithRemoteImages(row.html) : safeMessageHtml(row.html);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><base target="_blank"><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

/** The page's own look, under the sender's inline styles: the dashboard's type, and nothing wider than the frame. */
const PAGE_STYLE = [
  "html { color-scheme: light; }",
  "body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: #1e293b; overflow-wrap: anywhere; }",
  "body > :first-child { margin-top: 0; } body > :last-child { margin-bottom: 0; }",
  "img { max-width: 100%; height: auto; }",
  "table { max-width: 100%; }",
  "a { color: #1d4ed8; }",
].join(" ");
