import { timingSafeEqual } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { uploads } from "../database/schema.ts";
import { MAX_UPLOAD_BYTES } from "../../contracts/imports.ts";
import { conflict, DomainError, forbidden, invalid } from "../errors.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";

export const UPLOAD_LIFETIME_MS = 15 * 60 * 1000;

/** What a signed upload URL carries. */
export interface UploadTicket {
  id: string;
  expires: number;
  signature: string;
}

/** Issues a single-use ticket for one file upload, valid for 15 minutes. */
export function issueUploadTicket(db: CrmDatabase, userId: number): UploadTicket {
  const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
  const now = Date.now();
  const expires = now + UPLOAD_LIFETIME_MS;
  db.insert(uploads).values({ id, userId, createdAt: new Date(now), expiresAt: new Date(expires) }).run();
  return { id, expires, signature: sign(db, id, expires) };
}

/**
 * Stores the uploaded file in the data directory, at most MAX_UPLOAD_BYTES of it. A wrong or expired
 * signature is refused (403), and so is a second upload to the same ticket (409).
 */
export async function receiveUpload(db: CrmDatabase, dataDir: string, ticket: UploadTicket, body: ReadableStream<Uint8Array> | null): Promise<{ byteSize: number }> {
  verifySignature(db, ticket);
  if (ticket.expires < Date.now()) throw forbidden("The upload URL has expired");
  const upload = db.select().from(uploads).where(eq(uploads.id, ticket.id)).get();
  if (!upload) throw forbidden("The upload URL is not valid");
  if (upload.receivedAt) throw conflict("A file was already uploaded to this URL");

  const chunks: Uint8Array[] = [];
  let byteSize = 0;
  for await (const chunk of body ?? []) {
    byteSize += chunk.byteLength;
    if (byteSize > MAX_UPLOAD_BYTES) throw new DomainError("too_large", `The file is larger than ${MAX_UPLOAD_BYTES.toLocaleString("en-US")} bytes (5 MB)`);
    chunks.push(chunk);
  }
  // Claim the ticket before writing so two concurrent uploads cannot both succeed.
  const claimed = db
    .update(uploads)
    .set({ receivedAt: new Date(), byteSize })
    .where(and(eq(uploads.id, ticket.id), isNull(uploads.receivedAt)))
    .returning({ id: uploads.id })
    .all();
  if (claimed.length === 0) throw conflict("A file was already uploaded to this URL");
  const filePath = uploadedFilePath(dataDir, ticket.id);
  mkdirSync(path.dirname(filePath), { recursive: true });
  await Bun.write(filePath, Buffer.concat(chunks));
  return { byteSize };
}

/** The stored file of a valid, received upload; anything else is refused as bad input without being read. */
export function findUploadedFile(db: CrmDatabase, dataDir: string, ticket: UploadTicket): string {
  const notOurs = invalid("fileUrl", "fileUrl is not a file uploaded to this server");
  if (!isSignedBy(db, ticket)) throw notOurs;
  const upload = db.select().from(uploads).where(eq(uploads.id, ticket.id)).get();
  if (!upload) throw notOurs;
  if (!upload.receivedAt) throw invalid("fileUrl", "No file has been uploaded to fileUrl yet");
  return uploadedFilePath(dataDir, ticket.id);
}

/** Deletes an upload's file and ticket once it has been processed. */
export function discardUpload(db: CrmDatabase, dataDir: string, id: string): void {
  rmSync(uploadedFilePath(dataDir, id), { force: true });
  db.delete(uploads).where(eq(uploads.id, id)).run();
}

/** Tickets nobody used and files nobody processed do not pile up: they go a day after they expired. */
export function discardAbandonedUploads(db: CrmDatabase, dataDir: string): void {
  const cutoff = new Date(Date.now() - 24 * 60 * 60 * 1000);
  for (const { id } of db.select({ id: uploads.id }).from(uploads).where(lt(uploads.expiresAt, cutoff)).all()) {
    discardUpload(db, dataDir, id);
  }
}

function uploadedFilePath(dataDir: string, id: string): string {
  if (!/^[0-9a-f]{32}$/.test(id)) throw invalid("fileUrl", "fileUrl is not a file uploaded to this server");
  return path.join(dataDir, "uploads", `${id}.csv`);
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
