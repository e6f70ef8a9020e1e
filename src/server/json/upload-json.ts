import type { UploadReceipt, UploadUrl } from "../../contracts/imports.ts";

export function toUploadUrlJson(uploadUrl: string): UploadUrl {
  return { uploadURL: uploadUrl };
}

export function toUploadReceiptJson(upload: { byteSize: number }): UploadReceipt {
  return { uploaded: true, byteSize: upload.byteSize };
}
