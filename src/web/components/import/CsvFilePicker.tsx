import { useRef, useState, type DragEvent } from "react";
import { Button } from "../../ui/Button";
import { AlertCircleIcon, FileSpreadsheetIcon, UploadIcon } from "../../ui/icons";
import type { UploadInProgress } from "./useCsvImport";
import { formatMegabytes } from "../../api/account-import";

export interface CsvFilePickerProps {
  upload: UploadInProgress | null;
  uploadError: string | null;
  /** Undefined until the server has said it. */
  uploadLimitBytes: number | undefined;
  onFileChosen: (file: File) => void;
}

/** Picks one CSV file, by the file dialog or by dropping it, and shows its upload's progress. */
export function CsvFilePicker({ upload, uploadError, uploadLimitBytes, onFileChosen }: CsvFilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDraggingOver, setIsDraggingOver] = useState(false);

  function chooseFirst(files: FileList | null) {
    const file = files?.[0];
    if (file) onFileChosen(file);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDraggingOver(false);
    if (!upload) chooseFirst(event.dataTransfer.files);
  }

  // Above the drop area: on a phone the area's button is at the bottom of the window, where the footer would hide what follows it.
  return (
    <div>
      {uploadError && (
        <p role="alert" className="mb-3 flex items-start gap-2 text-sm text-red-700" data-testid="upload-error">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {uploadError}
        </p>
      )}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDraggingOver(true);
        }}
        onDragLeave={() => setIsDraggingOver(false)}
        onDrop={drop}
        className={`flex min-h-44 flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
          isDraggingOver ? "border-blue-400 bg-blue-50" : "border-slate-200"
        }`}
      >
        {upload ? (
          <UploadProgressBar upload={upload} />
        ) : (
          <>
            <FileSpreadsheetIcon className="size-8 text-slate-400" />
            <Button variant="primary" icon={UploadIcon} className="mt-3" onClick={() => inputRef.current?.click()} autoFocus>
              Select CSV File
            </Button>
            <p className="mt-2 text-xs text-slate-500">
              or drop it here · one .csv file{uploadLimitBytes === undefined ? "" : `, up to ${formatMegabytes(uploadLimitBytes)}`}
            </p>
          </>
        )}
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          className="hidden"
          data-testid="csv-file-input"
          onChange={(event) => {
            chooseFirst(event.target.files);
            // Choosing the same file again after a failure must fire another change.
            event.target.value = "";
          }}
        />
      </div>
    </div>
  );
}

function UploadProgressBar({ upload }: { upload: UploadInProgress }) {
  return (
    <div className="w-full max-w-sm" data-testid="upload-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate font-medium text-slate-900">Uploading {upload.fileName}</span>
        <span className="text-slate-600 tabular-nums">{upload.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={upload.percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-blue-600 transition-[width] duration-200" style={{ width: `${upload.percent}%` }} />
      </div>
    </div>
  );
}
