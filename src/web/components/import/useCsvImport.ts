import { useCallback, useRef, useState } from "react";
import { MAX_UPLOAD_BYTES, processUploadedCsv, requestCsvUploadUrl, type CsvImportCounts } from "../../api/account-import";
import { useRefreshAccounts } from "../../api/accounts";
import { describeFailure } from "../../api/client";
import { uploadFile } from "../../api/upload-file";
import { formatCount } from "../../format/count";
import { useToast } from "../../ui/toast/useToast";
import { uploadFailureMessage } from "./upload-failure-message";

type CsvImportState =
  | { step: "upload"; upload: UploadInProgress | null; uploadError: string | null }
  | { step: "processing" }
  | { step: "complete"; outcome: ImportOutcome };

export interface UploadInProgress {
  fileName: string;
  /** 0 to 100. */
  percent: number;
}

export interface ImportOutcome {
  message: string;
  /** Null when the import failed: the file was rejected whole, or the server could not be reached. */
  counts: CsvImportCounts | null;
}

const START: CsvImportState = { step: "upload", upload: null, uploadError: null };

/**
 * The import dialog's steps: upload the file to a signed URL (with progress), have the server process
 * it, show the outcome. `reset` goes back to the start and abandons an upload under way.
 */
export function useCsvImport() {
  const { toast } = useToast();
  const refreshAccounts = useRefreshAccounts();
  const [state, setState] = useState<CsvImportState>(START);
  const currentAttempt = useRef<{ controller: AbortController } | null>(null);

  const reset = useCallback(() => {
    currentAttempt.current?.controller.abort();
    currentAttempt.current = null;
    setState(START);
  }, []);

  const importFile = useCallback(
    async (file: File) => {
      // The server refuses larger uploads; checking first spares the wait.
      if (file.size > MAX_UPLOAD_BYTES) {
        toast({
          variant: "destructive",
          title: "File too large",
          description: `${file.name} is ${formatCount(file.size)} bytes; a CSV file can be at most 5 MB (${formatCount(MAX_UPLOAD_BYTES)} bytes).`,
        });
        return;
      }
      const attempt = { controller: new AbortController() };
      currentAttempt.current?.controller.abort();
      currentAttempt.current = attempt;
      const isCurrent = () => currentAttempt.current === attempt;

      setState({ step: "upload", upload: { fileName: file.name, percent: 0 }, uploadError: null });
      let uploadUrl: string;
      try {
        uploadUrl = await requestCsvUploadUrl();
        await uploadFile(uploadUrl, file, {
          signal: attempt.controller.signal,
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

      setState({ step: "processing" });
      const outcome = await processUpload(uploadUrl);
      if (isCurrent()) setState({ step: "complete", outcome });
      if (outcome.counts) {
        toast({ title: "CSV Import Successful", description: outcome.message });
        void refreshAccounts();
      } else {
        toast({ variant: "destructive", title: "CSV Import Failed", description: "There was an error processing your CSV file." });
      }
    },
    [toast, refreshAccounts],
  );

  return { state, importFile, reset };
}

async function processUpload(uploadUrl: string): Promise<ImportOutcome> {
  try {
    const result = await processUploadedCsv(uploadUrl);
    return { message: result.message, counts: result.results };
  } catch (error) {
    // A refusal rejects the file whole and says why (a missing column, say); other failures are not the file's fault.
    return { message: describeFailure(error, "Failed to process CSV file").message, counts: null };
  }
}
