import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { CsvFilePicker } from "./CsvFilePicker";
import { CsvFormatCard } from "./CsvFormatCard";
import { ImportOutcomeView } from "./ImportOutcomeView";
import { useCsvImport } from "./useCsvImport";

/** 'Import Accounts from CSV': upload, processing, complete. Closing starts over. */
export function ImportAccountsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { state, importFile, reset } = useCsvImport();

  function close() {
    reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Import Accounts from CSV"
      size="lg"
      canClose={state.step !== "processing"}
      testId="import-accounts-dialog"
      footer={
        state.step === "processing" ? undefined : (
          <Button variant={state.step === "complete" ? "primary" : "secondary"} onClick={close}>
            {state.step === "complete" ? "Close" : "Cancel"}
          </Button>
        )
      }
    >
      <div data-step={state.step} data-testid="import-step">
        {state.step === "upload" && (
          <div className="space-y-4">
            <CsvFormatCard />
            <CsvFilePicker upload={state.upload} uploadError={state.uploadError} onFileChosen={(file) => void importFile(file)} />
          </div>
        )}
        {state.step === "processing" && (
          <div role="status" className="flex flex-col items-center gap-3 py-12">
            <Spinner className="size-8 border-[3px]" />
            <p className="text-sm font-medium text-slate-700">Processing CSV file...</p>
          </div>
        )}
        {state.step === "complete" && <ImportOutcomeView outcome={state.outcome} />}
      </div>
    </Modal>
  );
}
