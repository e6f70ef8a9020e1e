import { useCallback, useRef, useState } from "react";
import {
  describeFileTooLarge,
  previewUploadedCsv,
  processUploadedCsv,
  readUploadedColumns,
  requestCsvUploadUrl,
  skippedRowsUrl,
  type ColumnMap,
  type CsvColumns,
  type CsvImportCounts,
  type CsvImportPreview,
} from "../../api/account-import";
import { useRefreshAccounts } from "../../api/accounts";
import { describeFailure } from "../../api/client";
import { uploadFile } from "../../api/upload-file";
import { uploadFailureMessage } from "./upload-failure-message";

/** The uploaded file, named by its upload URL in every later step: it crosses the network once. */
interface UploadedFile {
  fileName: string;
  uploadUrl: string;
  columns: CsvColumns;
  columnMap: ColumnMap;
}

export type CsvImportState =
  | { step: "upload"; upload: UploadInProgress | null; uploadError: string | null }
  | { step: "reading"; fileName: string }
  | ({ step: "map"; refusal: MapRefusal | null } & UploadedFile)
  | ({ step: "previewing" } & UploadedFile)
  | ({ step: "preview"; preview: CsvImportPreview } & UploadedFile)
  | { step: "processing" }
  | { step: "complete"; outcome: ImportOutcome };

/** Why the server refused a map or the file: beside the column it names, else above the map. */
export interface MapRefusal {
  message: string;
  /** The CRM column at fault, when the server named one. */
  column?: string;
}

export interface UploadInProgress {
  fileName: string;
  /** 0 to 100. */
  percent: number;
}

export interface ImportOutcome {
  message: string;
  /** Null when the import failed: the file was rejected whole, or the server could not be reached. */
  counts: CsvImportCounts | null;
  /** Where every skipped row can be downloaded, when rows were skipped. */
  skippedRowsUrl: string | null;
}

const START: CsvImportState = { step: "upload", upload: null, uploadError: null };

/**
 * The import dialog's steps: upload the file to a signed URL (with progress), read its columns and the
 * map (remembered or guessed), let staff change the map, preview a dry run, import, show the outcome.
 * `reset` goes back to the start and abandons whatever is under way.
 */
export function useCsvImport(uploadLimitBytes: number | undefined) {
  const refreshAccounts = useRefreshAccounts();
  const [state, setState] = useState<CsvImportState>(START);
  const currentAttempt = useRef<{ controller: AbortController } | null>(null);

  const reset = useCallback(() => {
    currentAttempt.current?.controller.abort();
    currentAttempt.current = null;
    setState(START);
  }, []);

  /** A new attempt, and whether it is still the dialog's: closing or starting over abandons it. */
  const begin = useCallback(() => {
    const attempt = { controller: new AbortController() };
    currentAttempt.current?.controller.abort();
    currentAttempt.current = attempt;
    return { signal: attempt.controller.signal, isCurrent: () => currentAttempt.current === attempt };
  }, []);

  const chooseFile = useCallback(
    async (file: File) => {
      // The server refuses larger uploads; checking first spares the wait, and says what to do instead.
      if (uploadLimitBytes !== undefined && file.size > uploadLimitBytes) {
        setState({ step: "upload", upload: null, uploadError: describeFileTooLarge(file.size, uploadLimitBytes) });
        return;
      }
      const { signal, isCurrent } = begin();
      setState({ step: "upload", upload: { fileName: file.name, percent: 0 }, uploadError: null });
      let uploadUrl: string;
      try {
        uploadUrl = await requestCsvUploadUrl();
        await uploadFile(uploadUrl, file, {
          signal,
          onProgress: ({ loadedBytes, totalBytes }) => {
            if (!isCurrent()) return;
            const percent = totalBytes === 0 ? 100 : Math.round((loadedBytes / totalBytes) * 100);
            setState({ step: "upload", upload: { fileName: file.name, percent }, uploadError: null });
          },
        });
      } catch (error) {
        if (isCurrent()) setState({ step: "upload", upload: null, uploadError: uploadFailureMessage(error) });
        return;
      }
      if (!isCurrent()) return;
      setState({ step: "reading", fileName: file.name });
      try {
        const columns = await readUploadedColumns(uploadUrl);
        if (isCurrent()) setState({ step: "map", fileName: file.name, uploadUrl, columns, columnMap: columns.columnMap, refusal: null });
      } catch (error) {
        if (isCurrent()) setState({ step: "upload", upload: null, uploadError: describeFailure(error, "The file could not be read").message });
      }
    },
    [begin, uploadLimitBytes],
  );

  const chooseColumn = useCallback((column: keyof ColumnMap, header: string) => {
    setState((current) => {
      if (current.step !== "map") return current;
      const columnMap = { ...current.columnMap };
      if (header === "") delete columnMap[column];
      else columnMap[column] = header;
      return { ...current, columnMap, refusal: current.refusal?.column === column ? null : current.refusal };
    });
  }, []);

  const preview = useCallback(async () => {
    if (state.step !== "map") return;
    const { isCurrent } = begin();
    const { refusal: _, step: __, ...file } = state;
    setState({ step: "previewing", ...file });
    try {
      const answer = await previewUploadedCsv(file.uploadUrl, file.columnMap);
      if (isCurrent()) setState({ step: "preview", ...file, preview: answer });
    } catch (error) {
      if (isCurrent()) setState({ step: "map", ...file, refusal: refusalOf(error) });
    }
  }, [begin, state]);

  const backToMap = useCallback(() => {
    setState((current) => {
      if (current.step !== "preview") return current;
      const { preview: _, step: __, ...file } = current;
      return { step: "map", ...file, refusal: null };
    });
  }, []);

  const confirmImport = useCallback(async () => {
    if (state.step !== "preview") return;
    const { isCurrent } = begin();
    const { uploadUrl, columnMap } = state;
    setState({ step: "processing" });
    let outcome: ImportOutcome;
    try {
      const result = await processUploadedCsv(uploadUrl, columnMap);
      outcome = { message: result.message, counts: result.results, skippedRowsUrl: result.results.skipped > 0 ? skippedRowsUrl(uploadUrl) : null };
      void refreshAccounts();
    } catch (error) {
      // A refusal rejects the file whole and says why; other failures are not the file's fault.
      outcome = { message: describeFailure(error, "Failed to process CSV file").message, counts: null, skippedRowsUrl: null };
    }
    // No toast: the dialog shows the outcome itself, and a toast over a phone's dialog would cover its Close.
    if (isCurrent()) setState({ step: "complete", outcome });
  }, [begin, state, refreshAccounts]);

  return { state, chooseFile, chooseColumn, preview, backToMap, confirmImport, reset };
}

/** The server names a map's column as `columnMap.<column>`. */
function refusalOf(error: unknown): MapRefusal {
  const failure = describeFailure(error, "The preview failed");
  const column = failure.field?.startsWith("columnMap.") ? failure.field.slice("columnMap.".length) : undefined;
  return { message: failure.message, column };
}
