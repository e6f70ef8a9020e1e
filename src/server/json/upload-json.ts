import type { ColumnMap, CsvColumns, ImportForm, UploadReceipt, UploadUrl } from "../../contracts/imports.ts";
import type { CsvFileHeader } from "../../core/import/csv-file-header.ts";
import { ORDER_COLUMN_FIELDS, shipStationHeaderOf, trimHeader } from "../../core/import/order-columns.ts";

export function toUploadUrlJson(uploadUrl: string): UploadUrl {
  return { uploadURL: uploadUrl };
}

export function toUploadReceiptJson(upload: { byteSize: number }): UploadReceipt {
  return { uploaded: true, byteSize: upload.byteSize };
}

export function toImportFormJson(uploadLimitBytes: number): ImportForm {
  return {
    fields: ORDER_COLUMN_FIELDS.map(({ column, label, meaning, required }) => ({ column, label, meaning, required, shipStationHeader: shipStationHeaderOf(column) })),
    uploadLimitBytes,
  };
}

export function toCsvColumnsJson(file: CsvFileHeader, columnMap: ColumnMap, remembered: boolean, alsoMatching: CsvColumns["alsoMatching"]): CsvColumns {
  return { columns: file.headers.map((header, index) => ({ header: trimHeader(header), example: file.firstRow[index] ?? "" })), columnMap, remembered, alsoMatching };
}
