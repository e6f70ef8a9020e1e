import { timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { whenDatabaseFree } from "../database/busy.ts";
import type { CrmDatabase } from "../database/open.ts";
import { uploads } from "../database/schema.ts";
import { describeFileTooLarge, MAX_UNFINISHED_UPLOADS_PER_USER } from "../../contracts/imports.ts";
import { conflict, DomainError, forbidden, invalid, notFound, throttled } from "../errors.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { inTransaction } from "../database/transaction.ts";

export const UPLOAD_LIFETIME_MS = 15 * 60 * 1000;
/**
 * How long past its URL's expiry an uploaded file may still be processed. The dashboard processes a file
 * as soon as it is uploaded, and a script has half an hour; then the file is refused and the upload sweeper
 * removes it, so that no customer's orders stay on disk more than 40 minutes past expiry.
 */
export const UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS = 30 * 60 * 1000;
/** The data directory's folder holding uploaded files until they are processed. */
export const UPLOADS_DIRECTORY = "uploads";

/** What a signed upload URL carries. */
export interface UploadTicket {
  id: string;
  expires: number;
  signature: string;
}

/**
 * Issues a single-use ticket for one file upload, valid for 15 minutes. Each ticket may bring a file of the
 * upload limit to disk, so a user holds at most MAX_UNFINISHED_UPLOADS_PER_USER that are neither expired nor processed.
 */
export function issueUploadTicket(db: CrmDatabase, userId: number): UploadTicket {
  const now = Date.now();
  // One transaction, so that a write refused while the database is busy (the signing key, made with the
  // first ticket) leaves no ticket behind to count against the limit when the request is answered again.
  return inTransaction(db, () => {
    refuseBeyondUnfinishedLimit(db, userId, now);
    const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
    const expires = now + UPLOAD_LIFETIME_MS;
    db.insert(uploads).values({ id, userId, createdAt: new Date(now), expiresAt: new Date(expires) }).run();
    return { id, expires, signature: sign(db, id, expires) };
  });
}

/** Processing deletes an upload's ticket, so the unfinished ones are the user's tickets not yet expired. */
function refuseBeyondUnfinishedLimit(db: CrmDatabase, userId: number, now: number): void {
  const unfinished = db
    .select({ count: sql<number>`count(*)`, oldestExpiry: sql<number | null>`min(${uploads.expiresAt})` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.expiresAt, new Date(now)), isNull(uploads.processedAt)))
    .get();
  if (!unfinished || unfinished.count < MAX_UNFINISHED_UPLOADS_PER_USER) return;
  throw throttled(
    `You already have ${MAX_UNFINISHED_UPLOADS_PER_USER} uploads in progress, the most at once; import a file you uploaded, or wait for the oldest upload URL to expire`,
    (unfinished.oldestExpiry! - now) / 1000,
  );
}

/**
 * Stores the file `userId` uploads in the data directory, refusing it (413) once it is past `limitBytes`
 * (upload-limit.ts). A wrong or expired signature is refused (403), and so is a ticket issued to another
 * user (403), and a second upload to the same ticket (409).
 */
export async function receiveUpload(
  db: CrmDatabase,
  dataDir: string,
  userId: number,
  ticket: UploadTicket,
  body: ReadableStream<Uint8Array> | null,
  limitBytes: number,
): Promise<{ byteSize: number }> {
  verifySignature(db, ticket);
  if (ticket.expires < Date.now()) throw forbidden("The upload URL has expired");
  const upload = db.select().from(uploads).where(eq(uploads.id, ticket.id)).get();
  if (!upload) throw forbidden("The upload URL is not valid");
  if (upload.userId !== userId) throw issuedToAnotherUser();
  if (upload.receivedAt) throw conflict("A file was already uploaded to this URL");

  const chunks: Uint8Array[] = [];
  let byteSize = 0;
  for await (const chunk of body ?? []) {
    byteSize += chunk.byteLength;
    if (byteSize > limitBytes) throw new DomainError("too_large", describeFileTooLarge(undefined, limitBytes));
    chunks.push(chunk);
  }
  // Claim the ticket before writing so two concurrent uploads cannot both succeed.
  const claimed = db
    .update(uploads)
    .set({ receivedAt: new Date(), byteSize })
    .where(and(eq(uploads.id, ticket.id), isNull(uploads.receivedAt)))
    .returning({ id: uploads.id })
    .all();
  if (claimed.length === 0) {
    // Either another PUT to the URL won, or the ticket expired while this body streamed in and the sweeper removed it.
    const stillIssued = db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, ticket.id)).get();
    throw stillIssued ? conflict("A file was already uploaded to this URL") : forbidden("The upload URL has expired");
  }
  const filePath = uploadedFilePath(dataDir, ticket.id);
  mkdirSync(path.dirname(filePath), { recursive: true });
  await Bun.write(filePath, Buffer.concat(chunks));
  return { byteSize };
}

/**
 * The stored file of a valid upload `userId` made, received and still kept; anything else is refused
 * without being read: another user's upload as forbidden (403), the rest as bad input (400).
 */
export function findUploadedFile(db: CrmDatabase, dataDir: string, userId: number, ticket: UploadTicket): string {
  const notOurs = invalid("fileUrl", "fileUrl is not a file uploaded to this server");
  if (!isSignedBy(db, ticket)) throw notOurs;
  const upload = db.select().from(uploads).where(eq(uploads.id, ticket.id)).get();
  if (!upload) throw notOurs;
  if (upload.userId !== userId) throw issuedToAnotherUser();
  if (!upload.receivedAt) throw invalid("fileUrl", "No file has been uploaded to fileUrl yet");
  if (upload.processedAt) throw invalid("fileUrl", "The file uploaded to fileUrl was imported already; upload it again to import it again");
  if (upload.expiresAt.getTime() + UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS < Date.now()) throw invalid("fileUrl", "The file uploaded to fileUrl has expired; upload it again");
  return uploadedFilePath(dataDir, ticket.id);
}

/** An upload URL works only for the user who asked for it: it may have leaked through a log or a shared screen. */
function issuedToAnotherUser(): DomainError {
  return forbidden("This upload URL was issued to another user; ask for an upload URL of your own");
}

/** Deletes an upload's file, its skipped rows and its ticket. */
export function discardUpload(db: CrmDatabase, dataDir: string, id: string): void {
  rmSync(uploadedFilePath(dataDir, id), { force: true });
  rmSync(skippedRowsPath(dataDir, id), { force: true });
  db.delete(uploads).where(eq(uploads.id, id)).run();
}

/**
 * Once an upload is imported its file goes. When rows were skipped, their file (skippedRowsPath) stays for
 * the dashboard's download until the upload sweeper removes it with the ticket; the ticket cannot be
 * imported again.
 */
export function finishUpload(db: CrmDatabase, dataDir: string, id: string, keepSkippedRows: boolean): void {
  if (!keepSkippedRows) return discardUpload(db, dataDir, id);
  rmSync(uploadedFilePath(dataDir, id), { force: true });
  db.update(uploads).set({ processedAt: new Date() }).where(eq(uploads.id, id)).run();
}

/** Where an upload's import writes every row it skipped (skipped-rows-file.ts). */
export function skippedRowsPath(dataDir: string, id: string): string {
  return uploadedFilePath(dataDir, id).replace(/\.csv$/, ".skipped.csv");
}

/** The skipped rows kept of `userId`'s imported upload; 404 when none are kept (none were skipped, or they expired). */
export function findSkippedRows(db: CrmDatabase, dataDir: string, userId: number, ticket: UploadTicket): string {
  if (!isSignedBy(db, ticket)) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
  const upload = db.select().from(uploads).where(eq(uploads.id, ticket.id)).get();
  if (upload && upload.userId !== userId) throw issuedToAnotherUser();
  const filePath = skippedRowsPath(dataDir, ticket.id);
  if (!upload?.processedAt || !existsSync(filePath)) throw notFound("No skipped rows are kept for this upload: none were skipped, or they were removed when the upload expired");
  return filePath;
}

/**
 * Removes the tickets and files nobody can use any more, so that they do not pile up: a ticket no file
 * was uploaded to once it has expired (a PUT to it is refused), and a file nobody processed once it is
 * past UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS (processing it is refused). Each removal waits for another
 * process's write lock without blocking (whenDatabaseFree); once `signal` aborts, the rest are left.
 */
export async function discardAbandonedUploads(db: CrmDatabase, dataDir: string, options: { signal?: AbortSignal } = {}): Promise<void> {
  const now = Date.now();
  const abandoned = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(or(and(isNull(uploads.receivedAt), lt(uploads.expiresAt, new Date(now))), lt(uploads.expiresAt, new Date(now - UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS))))
    .all();
  for (const { id } of abandoned) {
    // Checked at each try: one after a pause for the lock may come once the server has stopped and closed the database.
    await whenDatabaseFree(() => {
      if (!options.signal?.aborted) discardUpload(db, dataDir, id);
    });
  }
}

function uploadedFilePath(dataDir: string, id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
  return path.join(dataDir, UPLOADS_DIRECTORY, `${id}.csv`);
}

function verifySignature(db: CrmDatabase, ticket: UploadTicket): void {
  if (!isSignedBy(db, ticket)) throw forbidden("The upload URL's signature is not valid");
}

function isSignedBy(db: CrmDatabase, ticket: UploadTicket): boolean {
  const expected = Buffer.from(sign(db, ticket.id, ticket.expires));
  const given = Buffer.from(ticket.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(db: CrmDatabase, id: string, expires: number): string {
  return new Bun.CryptoHasher("sha256", signingKey(db)).update(`${id}.${expires}`).digest("hex");
}

function signingKey(db: CrmDatabase): string {
  const existing = readSetting(db, "uploadSigningKey");
  if (existing) return existing;
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  writeSetting(db, "uploadSigningKey", key);
  return key;
}
