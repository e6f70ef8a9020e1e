import { t } from "./type-builder.ts";
import { wholeNumber } from "./common.ts";
import { formatCount } from "./counts.ts";

/**
 * Importing an order export from the dashboard. The file is uploaded once and the later steps name it by
 * its upload URL:
 *   GET  /api/accounts/import-form                   the columns the CRM reads and the upload limit (→ ImportForm)
 *   POST /api/accounts/upload                        a single-use signed URL to PUT one file to (→ UploadUrl)
 *   PUT  /api/uploads/{id}?expires=…&signature=…     the file itself (UploadParams, UploadQuery, UploadedCsvFile → UploadReceipt)
 *   POST /api/accounts/csv-columns                   the file's header and its map: remembered or guessed (CsvColumnsBody → CsvColumns)
 *   POST /api/accounts/preview-csv                   a dry run of the file with a map (CsvPreviewBody → CsvImportPreview)
 *   POST /api/accounts/process-csv                   import the file with a map, remember the map, delete the file (ProcessCsvBody → CsvImportResult)
 *   GET  /api/accounts/skipped-rows?fileUrl=…        every row that import skipped, as CSV, until the upload expires (SkippedRowsQuery)
 * Only the user who asked for the URL may PUT to it and use its file; anyone else is answered 403.
 */

export const IMPORT_FORM_PATH = "/api/accounts/import-form";
export const CSV_UPLOAD_URL_PATH = "/api/accounts/upload";
export const UPLOADS_PATH = "/api/uploads";
export const CSV_COLUMNS_PATH = "/api/accounts/csv-columns";
export const PREVIEW_CSV_PATH = "/api/accounts/preview-csv";
export const PROCESS_CSV_PATH = "/api/accounts/process-csv";
export const SKIPPED_ROWS_PATH = "/api/accounts/skipped-rows";

/**
 * The largest file an upload takes unless the server is told otherwise: 5 MB. The server's limit is
 * CRM_UPLOAD_LIMIT_MB (core/import/upload-limit.ts), which the dashboard reads from ImportForm.
 */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 5_242_880;

/** The command that imports a file of any size on the server, named wherever an upload is refused for its size. */
export const SERVER_IMPORT_COMMAND = "crm import-csv FILE";

/** '51.7 MB': megabytes of 1,048,576 bytes, as file managers count them, to one decimal where it has one. */
export function formatMegabytes(bytes: number): string {
  const megabytes = Math.round((bytes / 1_048_576) * 10) / 10;
  return `${megabytes.toLocaleString("en-US")} MB`;
}

/**
 * Why a file is refused for its size, and what to do instead; the same words from the dashboard, which
 * checks before uploading, and from the server. `byteSize` is unknown when the body came without a length.
 */
export function describeFileTooLarge(byteSize: number | undefined, limitBytes: number): string {
  const size = byteSize === undefined ? "This file is over the upload limit" : `This file is ${formatMegabytes(byteSize)}; the upload limit is`;
  return `${size} ${byteSize === undefined ? "of " : ""}${formatMegabytes(limitBytes)}. Import it on the server with: ${SERVER_IMPORT_COMMAND}`;
}

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

/** The PUT's body: read as it streams in, so it is not parsed, and refused with 413 past the upload limit. */
export const UploadedCsvFile = t.String({
  format: "binary",
  description: `The CSV file as the raw request body (not multipart), at most the upload limit (ImportForm's uploadLimitBytes, ${formatCount(DEFAULT_UPLOAD_LIMIT_BYTES)} bytes unless the server sets CRM_UPLOAD_LIMIT_MB)`,
});

export const UploadReceipt = t.Object({ uploaded: t.Literal(true), byteSize: t.Integer() });
export type UploadReceipt = typeof UploadReceipt.static;

/** The columns of an order export the import reads, by their names in core (order-columns.ts). */
export const ORDER_COLUMNS = [
  "customerEmail",
  "orderDate",
  "orderNumber",
  "orderTotal",
  "shipToCompany",
  "shipToName",
  "shipToFirstName",
  "shipToLastName",
  "shipToPhone",
  "shipToAddress1",
  "shipToAddress2",
  "shipToAddress3",
  "shipToCity",
  "shipToState",
  "shipToPostalCode",
  "shipToCountry",
  "itemSku",
  "itemName",
  "itemQty",
  "itemPrice",
  "orderStatus",
  "store",
] as const;

const fileHeader = (description: string) => t.String({ minLength: 1, maxLength: 500, description });

/** Which of the file's columns, by its header as written, holds each CRM column; a column left out is not read. */
export const ColumnMap = t.Partial(t.Object(Object.fromEntries(ORDER_COLUMNS.map((column) => [column, fileHeader(`The file's header for ${column}`)])) as Record<(typeof ORDER_COLUMNS)[number], ReturnType<typeof fileHeader>>), {
  additionalProperties: false,
});
export type ColumnMap = typeof ColumnMap.static;

const fileUrl = t.String({ maxLength: 2048, description: "The uploadURL the file was PUT to" });

export const ProcessCsvBody = t.Object({
  fileUrl,
  columnMap: t.Optional(ColumnMap),
});
export type ProcessCsvBody = typeof ProcessCsvBody.static;

export const SkippedRowsQuery = t.Object({ fileUrl });

export const CsvColumnsBody = t.Object({ fileUrl });
export type CsvColumnsBody = typeof CsvColumnsBody.static;

export const CsvPreviewBody = t.Object({ fileUrl, columnMap: ColumnMap });
export type CsvPreviewBody = typeof CsvPreviewBody.static;

/** One column the CRM reads, as the upload dialog names and explains it. */
export const ImportField = t.Object({
  column: t.Union(ORDER_COLUMNS.map((column) => t.Literal(column))),
  label: t.String({ description: "'Order date'" }),
  meaning: t.String({ description: "What the CRM makes of it" }),
  required: t.Boolean(),
  shipStationHeader: t.Union([t.String(), t.Null()], { description: "ShipStation's header for it: 'Date - Order Date'; null for a column its export does not have (First name, Last name)" }),
});
export type ImportField = typeof ImportField.static;

export const ImportForm = t.Object({
  fields: t.Array(ImportField),
  uploadLimitBytes: t.Integer({ description: "The largest file an upload takes; larger ones are imported with `crm import-csv FILE` on the server" }),
});
export type ImportForm = typeof ImportForm.static;

export const CsvColumns = t.Object({
  columns: t.Array(t.Object({ header: t.String(), example: t.String({ description: "The first row's cell" }) })),
  columnMap: ColumnMap,
  remembered: t.Boolean({ description: "true when the map is the one last imported with for this header; false when guessed" }),
  alsoMatching: t.Record(t.String(), t.Array(t.String()), { description: "For a guessed column, other headers that could be it" }),
});
export type CsvColumns = typeof CsvColumns.static;

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

/** A preview lists this many of each kind of change at most; it counts all of them. */
export const PREVIEW_SAMPLE_SIZE = 5;

const AccountSample = t.Object({ email: t.String(), name: t.String() });
const OrderSample = t.Object({ orderNumber: t.Union([t.String(), t.Null()]), customerEmail: t.String() });
const samples = <T extends typeof AccountSample | typeof OrderSample>(sample: T) => t.Array(sample, { maxItems: PREVIEW_SAMPLE_SIZE });

/** A dry run's outcome: what importing would change, with the first few of each kind. */
export const CsvImportPreview = t.Composite([
  CsvImportResult,
  t.Object({
    samples: t.Object({
      accountsCreated: samples(AccountSample),
      accountsUpdated: samples(AccountSample),
      ordersCreated: samples(OrderSample),
      ordersUpdated: samples(OrderSample),
      ordersUnchanged: samples(OrderSample),
    }),
  }),
]);
export type CsvImportPreview = typeof CsvImportPreview.static;
