import { useDeferredValue, useMemo, useState } from "react";
import { extractEmails } from "../../../core/lists/extract-emails.ts";
import { undoBulkChange, useRefreshAccounts } from "../../api/accounts";
import { bulkAssignList, useLists, type BulkAssignOutcome } from "../../api/lists";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { formatCount } from "../../format/count";
import { Button } from "../../ui/Button";
import { FormModal } from "../../ui/FormModal";
import { Modal } from "../../ui/Modal";
import { Select } from "../../ui/Select";
import { TextAreaField } from "../../ui/TextAreaField";
import { useToast } from "../../ui/toast/useToast";
import { BulkAssignmentResult } from "./BulkAssignmentResult";
import { assignButtonLabel, assignedDescription, bulkTargetOptions, DEFAULT_BULK_TARGET, detectedEmailsText, MAX_BULK_EMAILS } from "./bulk-assignment";

/**
 * 'Bulk Email Assignment': paste e-mails in any shape, pick a list, and every account with one of
 * them moves to it; then what matched and what did not. Mounted afresh each time it opens.
 */
export function BulkEmailAssignmentDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const lists = useLists();
  const [text, setText] = useState("");
  const [listType, setListType] = useState(DEFAULT_BULK_TARGET);
  const [outcome, setOutcome] = useState<BulkAssignOutcome | null>(null);
  const refreshAccounts = useRefreshAccounts();
  const undoAction = useUndo(refreshAccounts);
  const { run, isPending: isAssigning, fieldErrors, clearFieldError } = useWrite<BulkAssignOutcome>({
    refresh: refreshAccounts,
    success: ({ message, bulkChangeId }) => ({
      title: "Assignment Complete",
      description: message,
      action: bulkChangeId === null ? undefined : undoAction(() => undoBulkChange(bulkChangeId)),
    }),
    failureTitle: "Assignment Failed",
    failureMessage: "Failed to assign accounts to list. Please check the email format and try again.",
    onSuccess: setOutcome,
  });
  // Counting a large paste takes a moment: typing stays responsive while the count catches up.
  const countedText = useDeferredValue(text);
  const emailCount = useMemo(() => extractEmails(countedText).length, [countedText]);
  const isTooMany = emailCount > MAX_BULK_EMAILS;

  async function assign() {
    // The text as it is now, not the deferred copy the count shows.
    const emails = extractEmails(text);
    if (emails.length === 0) {
      toast({ variant: "destructive", title: "No Emails Found", description: "Please enter valid email addresses." });
      return;
    }
    await run(() => bulkAssignList({ emails, listType }));
  }

  function assignAnother() {
    setOutcome(null);
    setText("");
  }

  if (outcome) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Bulk Email Assignment"
        description={assignedDescription(lists, listType)}
        size="lg"
        testId="bulk-email-dialog"
        footer={
          <>
            <Button onClick={assignAnother} data-testid="bulk-assign-another">
              Assign Another List
            </Button>
            <Button variant="primary" onClick={onClose} data-testid="bulk-done">
              Done
            </Button>
          </>
        }
      >
        <BulkAssignmentResult outcome={outcome} />
      </Modal>
    );
  }

  return (
    <FormModal
      title="Bulk Email Assignment"
      description="Paste e-mail addresses, one per line, separated by commas, or as CSV text. Every account with one of them moves to the list you choose."
      size="lg"
      testId="bulk-email-dialog"
      onClose={onClose}
      onSubmit={assign}
      submitLabel={assignButtonLabel(lists, listType)}
      pendingLabel="Assigning..."
      isPending={isAssigning}
      canSubmit={emailCount > 0 && !isTooMany && !isAssigning}
      submitTestId="bulk-assign-button"
      formClassName="space-y-4"
      formTestId="bulk-email-form"
    >
      <div>
        <TextAreaField
          label="Email Addresses"
          value={text}
          onChange={(typed) => {
            setText(typed);
            clearFieldError("emails");
          }}
          error={fieldErrors.emails}
          rows={8}
          readOnly={isAssigning}
          placeholder={"jane@clinic.com\njohn@recovery.org, ops@labs.com"}
          spellCheck={false}
          autoFocus
          className="[&_textarea]:font-mono"
          data-testid="bulk-emails-input"
        />
        <p aria-live="polite" className={`mt-1.5 text-sm ${isTooMany ? "text-red-600" : "text-slate-500"}`} data-testid="bulk-emails-detected">
          {detectedEmailsText(emailCount)}
          {isTooMany && ` — at most ${formatCount(MAX_BULK_EMAILS)} can be assigned at once; split them up.`}
        </p>
      </div>
      <Select
        label="Target List"
        value={listType}
        options={bulkTargetOptions(lists)}
        onChange={setListType}
        disabled={isAssigning}
        className="max-w-xs"
        data-testid="bulk-target-list"
      />
    </FormModal>
  );
}
