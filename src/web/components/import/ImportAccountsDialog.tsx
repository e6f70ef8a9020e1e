import { useImportForm } from "../../api/account-import";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { ColumnMapView } from "./ColumnMapView";
import { CsvFilePicker } from "./CsvFilePicker";
import { CsvFormatCard } from "./CsvFormatCard";
import { ImportOutcomeView } from "./ImportOutcomeView";
import { ImportPreviewView } from "./ImportPreviewView";
import { useCsvImport } from "./useCsvImport";

/**
 * 'Import Accounts from CSV': upload, match the columns, preview a dry run, import, see the outcome. The
 * file is uploaded once; the later steps name it. Closing starts over.
 */
export function ImportAccountsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form } = useImportForm(open);
  const { state, chooseFile, chooseColumn, preview, backToMap, confirmImport, reset } = useCsvImport(form?.uploadLimitBytes);

  function close() {
    reset();
    onClose();
  }

  const cancel = (
    <Button variant="secondary" onClick={close}>
      Cancel
    </Button>
  );
  const requiredMissing = state.step === "map" && (form?.fields ?? []).some(({ column, required }) => required && state.columnMap[column] === undefined);

  return (
    <Modal
      open={open}
      onClose={close}
      title="Import Accounts from CSV"
      size="lg"
      canClose={state.step !== "processing"}
      testId="import-accounts-dialog"
      footer={
        state.step === "processing" ? undefined : state.step === "complete" ? (
          "close"
        ) : state.step === "map" ? (
          <>
            {cancel}
            <Button variant="primary" onClick={() => void preview()} disabled={requiredMissing}>
              Preview import
            </Button>
          </>
        ) : state.step === "preview" ? (
          <>
            {cancel}
            <Button variant="secondary" onClick={backToMap}>
              Back to columns
            </Button>
            <Button variant="primary" onClick={() => void confirmImport()}>
              Import
            </Button>
          </>
        ) : (
          cancel
        )
      }
    >
      <div data-step={state.step} data-testid="import-step">
        {state.step === "upload" && (
          <div className="space-y-4">
            <CsvFormatCard fields={form?.fields} />
            <CsvFilePicker upload={state.upload} uploadError={state.uploadError} uploadLimitBytes={form?.uploadLimitBytes} onFileChosen={(file) => void chooseFile(file)} />
          </div>
        )}
        {state.step === "reading" && <Working text={`Reading the columns of ${state.fileName}...`} />}
        {state.step === "map" && form && (
          <ColumnMapView fileName={state.fileName} fields={form.fields} columns={state.columns} columnMap={state.columnMap} refusal={state.refusal} onChoose={chooseColumn} />
        )}
        {state.step === "previewing" && <Working text="Checking every row; nothing is imported yet..." />}
        {state.step === "preview" && <ImportPreviewView preview={state.preview} />}
        {state.step === "processing" && <Working text="Importing..." />}
        {state.step === "complete" && <ImportOutcomeView outcome={state.outcome} />}
      </div>
    </Modal>
  );
}

function Working({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-12 text-center">
      <Spinner className="size-8 border-[3px]" />
      <p className="text-sm font-medium text-slate-700">{text}</p>
    </div>
  );
}
