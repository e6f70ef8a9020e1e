import { CSV_UPLOAD_URL_PATH, PROCESS_CSV_PATH, type CsvImportResult, type ProcessCsvBody, type UploadUrl } from "../../contracts/imports.ts";
import { apiRequest } from "./client";

export { MAX_UPLOAD_BYTES } from "../../contracts/imports.ts";
export type { CsvImportResult };

export type CsvImportCounts = CsvImportResult["results"];

/** A single-use, signed URL to PUT one CSV file to. */
export async function requestCsvUploadUrl(): Promise<string> {
  const { uploadURL } = await apiRequest<UploadUrl>("POST", CSV_UPLOAD_URL_PATH);
  return uploadURL;
}

export function processUploadedCsv(uploadUrl: string): Promise<CsvImportResult> {
  return apiRequest<CsvImportResult>("POST", PROCESS_CSV_PATH, { fileUrl: uploadUrl } satisfies ProcessCsvBody);
}
