import { t } from "./type-builder.ts";
import { wholeNumber } from "./common.ts";
import { formatCount } from "./counts.ts";

/**
 * Importing a ShipStation order export from the dashboard, in three steps:
 *   POST /api/accounts/upload                        a single-use signed URL to PUT one file to (→ UploadUrl)
 *   PUT  /api/uploads/{id}?expires=…&signature=…     the file itself (UploadParams, UploadQuery, UploadedCsvFile → UploadReceipt)
 *   POST /api/accounts/process-csv                   import the uploaded file, then delete it (ProcessCsvBody → CsvImportResult)
 * Only the user who asked for the URL may PUT to it and process its file; anyone else is answered 403.
 */

export const CSV_UPLOAD_URL_PATH = "/api/accounts/upload";
export const UPLOADS_PATH = "/api/uploads";
export const PROCESS_CSV_PATH = "/api/accounts/process-csv";

/** The largest file an upload takes: 5 MB. */
export const MAX_UPLOAD_BYTES = 5_242_880;

/**
 * Upload URLs a user may hold that are neither expired nor processed; asking for one more answers 429, with
 * Retry-After saying when the oldest expires. Each holds up to MAX_UPLOAD_BYTES on disk until processed.
 */
export const MAX_UNFINISHED_UPLOADS_PER_USER = 5;

/** An import lists why rows were skipped for this many rows at most; it counts all of them. */
export const REPORTED_ROW_ERRORS = 100;

/**
 * The longest item name or other column an imported order keeps as written (notes, gift messages, URLs):
 * longer makes the row an error. Every other text an import stores (ship-to fields, e-mail, order number,
 * SKU, store, status) is held to SHORT_TEXT_MAX_LENGTH, as staff typing it would be.
 */
export const IMPORTED_LONG_TEXT_MAX_LENGTH = 5000;

export const UploadUrl = t.Object({ uploadURL: t.String({ description: "Valid for 15 minutes, for one file" }) });
export type UploadUrl = typeof UploadUrl.static;

/** The signed URL's parts: a wrong or expired signature, or another user's URL, answers 403, a second upload to it 409. */
export const UploadParams = t.Object({ id: t.String({ description: "The upload's id, as the signed URL gives it" }) });
export const UploadQuery = t.Object({
  expires: wholeNumber("expires", 0, Number.MAX_SAFE_INTEGER),
  signature: t.String({ description: "As the signed URL gives it" }),
});

/** The PUT's body: read as it streams in, so it is not parsed, and refused with 413 past MAX_UPLOAD_BYTES. */
export const UploadedCsvFile = t.String({
  format: "binary",
  description: `The CSV file as the raw request body (not multipart), at most ${formatCount(MAX_UPLOAD_BYTES)} bytes`,
});

export const UploadReceipt = t.Object({ uploaded: t.Literal(true), byteSize: t.Integer() });
export type UploadReceipt = typeof UploadReceipt.static;

export const ProcessCsvBody = t.Object({ fileUrl: t.String({ maxLength: 2048, description: "The uploadURL the file was PUT to" }) });
export type ProcessCsvBody = typeof ProcessCsvBody.static;

/** An import lists this many of the known orders whose customer changed at most; it counts all of them. */
export const REPORTED_CUSTOMER_CHANGES = 100;

/** A known order that a source now gives to another customer: it moves, and the import says so. */
export const CustomerChange = t.Object({
  orderNumber: t.Union([t.String(), t.Null()]),
  store: t.Union([t.String(), t.Null()]),
  from: t.String({ description: "The customer e-mail the order had" }),
  to: t.String({ description: "The customer e-mail it has now" }),
});
export type CustomerChange = typeof CustomerChange.static;

/**
 * An import's outcome, as the API and `crm import-csv --json` give it. A file that cannot be read as an
 * export is refused whole (400); bad rows are skipped and listed.
 */
export const CsvImportResult = t.Object({
  success: t.Boolean({ description: "true when the import ran (rows may still have been skipped)" }),
  message: t.String({ description: "'Imported 2 orders for 2 accounts (2 new)'" }),
  results: t.Object({
    processed: t.Integer({ description: "Rows read" }),
    created: t.Integer({ description: "Accounts created" }),
    updated: t.Integer({ description: "Accounts updated" }),
    ordersCreated: t.Integer(),
    ordersUpdated: t.Integer(),
    ordersUnchanged: t.Integer(),
    skipped: t.Integer({ description: "Rows skipped" }),
    errors: t.Array(t.String(), { maxItems: REPORTED_ROW_ERRORS, description: "Why rows were skipped, for the first ones" }),
    customersChanged: t.Integer({ description: "Known orders that now name another customer" }),
    customerChanges: t.Array(CustomerChange, { maxItems: REPORTED_CUSTOMER_CHANGES, description: "The first of them" }),
  }),
});
export type CsvImportResult = typeof CsvImportResult.static;
