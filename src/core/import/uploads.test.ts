import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { createUser } from "../users/users.ts";
import {
  discardAbandonedUploads,
  discardUpload,
  findSkippedRows,
  findUploadedFile,
  finishUpload,
  issueUploadTicket,
  receiveUpload,
  skippedRowsPath,
  UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS,
  UPLOADS_DIRECTORY,
} from "./uploads.ts";
import { DEFAULT_UPLOAD_LIMIT_BYTES, MAX_UNFINISHED_UPLOADS_PER_USER } from "../../contracts/imports.ts";

let database: ReturnType<typeof temporaryDatabase>;
let userId: number;
beforeEach(async () => {
  database = temporaryDatabase();
  userId = (await createUser(database.db, { email: "buyer@clinic.com", name: "Pat Buyer", role: "sales" })).user.id;
});
afterEach(() => database.dispose());

const MINUTE = 60 * 1000;
const stored = (id: string) => ({
  ticket: database.sqlite.query("SELECT 1 FROM uploads WHERE id = ?").get(id) !== null,
  file: existsSync(path.join(database.dataDir, UPLOADS_DIRECTORY, `${id}.csv`)),
});
const expireAgo = (id: string, ms: number) => database.sqlite.run("UPDATE uploads SET expires_at = ? WHERE id = ?", [Date.now() - ms, id]);

async function uploadedTicket() {
  const ticket = issueUploadTicket(database.db, userId);
  await receiveUpload(database.db, database.dataDir, userId, ticket, new Response("Order - Number\n1\n").body, DEFAULT_UPLOAD_LIMIT_BYTES);
  return ticket;
}

test("a pass removes unused tickets once expired and unprocessed files once past their keep time, and keeps what can still be used", async () => {
  const unused = issueUploadTicket(database.db, userId);
  const unusedExpired = issueUploadTicket(database.db, userId);
  expireAgo(unusedExpired.id, 1000);
  const uploadedWithinKeep = await uploadedTicket();
  expireAgo(uploadedWithinKeep.id, UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS - MINUTE);
  const uploadedPastKeep = await uploadedTicket();
  expireAgo(uploadedPastKeep.id, UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS + MINUTE);

  await discardAbandonedUploads(database.db, database.dataDir);

  expect({
    unused: stored(unused.id),
    unusedExpired: stored(unusedExpired.id),
    uploadedWithinKeep: stored(uploadedWithinKeep.id),
    uploadedPastKeep: stored(uploadedPastKeep.id),
  }).toEqual({
    unused: { ticket: true, file: false },
    unusedExpired: { ticket: false, file: false },
    uploadedWithinKeep: { ticket: true, file: true },
    uploadedPastKeep: { ticket: false, file: false },
  });
});

test("a ticket swept away as expired while its file streams in is answered as expired, and nothing is stored", async () => {
  const ticket = issueUploadTicket(database.db, userId);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      discardUpload(database.db, database.dataDir, ticket.id);
      controller.enqueue(new TextEncoder().encode("Order - Number\n1\n"));
      controller.close();
    },
  });
  await expect(receiveUpload(database.db, database.dataDir, userId, ticket, body, DEFAULT_UPLOAD_LIMIT_BYTES)).rejects.toMatchObject({ kind: "forbidden", message: "The upload URL has expired" });
  expect(stored(ticket.id)).toEqual({ ticket: false, file: false });
});

test("an imported upload's skipped rows stay for their download, without the file, and go with the ticket once past its keep time", async () => {
  const ticket = await uploadedTicket();
  writeFileSync(skippedRowsPath(database.dataDir, ticket.id), "file,line,reason,order_number,customer_email\n");
  finishUpload(database.db, database.dataDir, ticket.id, true);
  expect(stored(ticket.id)).toEqual({ ticket: true, file: false });
  expect(findSkippedRows(database.db, database.dataDir, userId, ticket)).toBe(skippedRowsPath(database.dataDir, ticket.id));
  expect(() => findUploadedFile(database.db, database.dataDir, userId, ticket)).toThrow("The file uploaded to fileUrl was imported already; upload it again to import it again");
  // Kept rows count against no one's uploads in progress.
  for (let more = 0; more < MAX_UNFINISHED_UPLOADS_PER_USER; more++) issueUploadTicket(database.db, userId);

  expireAgo(ticket.id, UPLOADED_FILE_KEPT_AFTER_EXPIRY_MS + MINUTE);
  await discardAbandonedUploads(database.db, database.dataDir);
  expect(stored(ticket.id)).toEqual({ ticket: false, file: false });
  expect(existsSync(skippedRowsPath(database.dataDir, ticket.id))).toBe(false);
  expect(() => findSkippedRows(database.db, database.dataDir, userId, ticket)).toThrow("No skipped rows are kept for this upload");
});
