import useSWR from "swr";
import {
  CSV_COLUMNS_PATH,
  CSV_UPLOAD_URL_PATH,
  IMPORT_FORM_PATH,
  PREVIEW_CSV_PATH,
  PROCESS_CSV_PATH,
  SKIPPED_ROWS_PATH,
  type ColumnMap,
  type CsvColumns,
  type CsvColumnsBody,
  type CsvImportPreview,
  type CsvImportResult,
  type CsvPreviewBody,
  type ImportForm,
  type ProcessCsvBody,
  type UploadUrl,
} from "../../contracts/imports.ts";
import { apiRequest, apiUrl } from "./client";

export { describeFileTooLarge, formatMegabytes } from "../../contracts/imports.ts";
export type { ColumnMap, CsvColumns, CsvImportPreview, CsvImportResult, ImportForm };

export type CsvImportCounts = CsvImportResult["results"];
export type ImportField = ImportForm["fields"][number];

/** The columns the CRM reads, as the dialog names and explains them, and the upload limit; asked for once the dialog opens. */
export function useImportForm(open: boolean) {
  const { data, error } = useSWR<ImportForm>(open ? [IMPORT_FORM_PATH] : null);
  return { form: data, error };
}

/** A single-use, signed URL to PUT one CSV file to. */
export async function requestCsvUploadUrl(): Promise<string> {
  const { uploadURL } = await apiRequest<UploadUrl>("POST", CSV_UPLOAD_URL_PATH);
  return uploadURL;
}

/** The uploaded file's header, with the map last imported with for it, or a guess. */
export function readUploadedColumns(uploadUrl: string): Promise<CsvColumns> {
  return apiRequest<CsvColumns>("POST", CSV_COLUMNS_PATH, { fileUrl: uploadUrl } satisfies CsvColumnsBody);
}

/** A dry run of the uploaded file with the map: nothing is written. */
export function previewUploadedCsv(uploadUrl: string, columnMap: ColumnMap): Promise<CsvImportPreview> {
  return apiRequest<CsvImportPreview>("POST", PREVIEW_CSV_PATH, { fileUrl: uploadUrl, columnMap } satisfies CsvPreviewBody);
}

export function processUploadedCsv(uploadUrl: string, columnMap: ColumnMap): Promise<CsvImportResult> {
  return apiRequest<CsvImportResult>("POST", PROCESS_CSV_PATH, { fileUrl: uploadUrl, columnMap } satisfies ProcessCsvBody);
}

/** Where the browser downloads every row the upload's import skipped. */
export function skippedRowsUrl(uploadUrl: string): string {
  return apiUrl(SKIPPED_ROWS_PATH, { fileUrl: uploadUrl });
}
