import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { useRefreshAccounts } from "../../api/accounts";
import { mergeAccounts, undoMerge, useDuplicateCandidates, useMergePreview, type MergeableAccount, type MergeOutcome } from "../../api/duplicates";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/Modal";
import { buildMergeRequest, defaultPickedIds, listedAccounts, mergedDescription, survivorId, type FieldPicks } from "./merge-plan";
import { MergePickStep } from "./MergePickStep";
import { MergeReviewStep } from "./MergeReviewStep";
import { MERGE_STEPS, MergeStepper, type MergeStep } from "./MergeStepper";
import { MergeValuesStep } from "./MergeValuesStep";

export interface MergeAccountDialogProps {
  /** The account the merge starts from: the row's, or the account screen's. It is always among the merged. */
  account: MergeableAccount;
  /** Ticked instead of the best candidate: the one the duplicate banner shows. */
  preselected?: MergeableAccount;
  onClose: () => void;
}

/**
 * Makes several accounts of one customer one, in three steps: pick the accounts, choose the one that
 * stays and which values it keeps, then review what the server says the merge will do and confirm.
 * Afterwards the surviving account opens.
 */
export function MergeAccountDialog({ account, preselected, onClose }: MergeAccountDialogProps) {
  const [location, navigate] = useLocation();
  const { candidates, error: candidatesError, retry: retryCandidates } = useDuplicateCandidates(account.id);
  const [step, setStep] = useState<MergeStep>("accounts");
  // Found by search, or offered by the banner before the candidates have loaded.
  const [added, setAdded] = useState<MergeableAccount[]>(() => (preselected ? [preselected] : []));
  // Null until somebody ticks or unticks a box: until then the ticks follow the candidates as they load.
  const [tickedIds, setTickedIds] = useState<ReadonlySet<number> | null>(null);
  const [chosenSurvivorId, setChosenSurvivorId] = useState(account.id);
  const [fieldPicks, setFieldPicks] = useState<FieldPicks>({});

  const listed = useMemo(() => listedAccounts(account, candidates ?? [], added), [account, candidates, added]);
  const pickedIds = useMemo(
    () => new Set([account.id, ...(tickedIds ?? defaultPickedIds(candidates ?? [], preselected?.id))]),
    [account.id, tickedIds, candidates, preselected?.id],
  );
  const picked = useMemo(() => listed.filter((listedAccount) => pickedIds.has(listedAccount.id)), [listed, pickedIds]);
  const targetId = survivorId(picked, chosenSurvivorId, account.id);
  // Kept by identity while the choices stand, so the preview is asked for once per visit to the review step.
  const request = useMemo(() => buildMergeRequest(picked, targetId, fieldPicks), [picked, targetId, fieldPicks]);
  const { preview, error: previewError, retry: retryPreview } = useMergePreview(step === "review" ? request : null);
  const stepIndex = MERGE_STEPS.findIndex(({ id }) => id === step);

  function setTicked(accountId: number, isTicked: boolean) {
    setTickedIds((current) => {
      const next = new Set(current ?? pickedIds);
      if (isTicked) next.add(accountId);
      else next.delete(accountId);
      return next;
    });
  }

  function addFound(found: MergeableAccount) {
    setAdded((current) => (current.some((known) => known.id === found.id) ? current : [...current, found]));
    setTicked(found.id, true);
  }

  const refreshAccounts = useRefreshAccounts();
  const undoAction = useUndo(refreshAccounts);
  const merging = useWrite<MergeOutcome>({
    refresh: refreshAccounts,
    success: (outcome) => {
      const survivorName = picked.find((mergedAccount) => mergedAccount.id === request.targetId)?.name ?? outcome.account.name;
      const removedNames = picked.filter((mergedAccount) => mergedAccount.id !== request.targetId).map((mergedAccount) => mergedAccount.name);
      const { mergeId } = outcome;
      return {
        title: "Accounts merged",
        description: mergedDescription(survivorName, removedNames, outcome.account.name),
        action: mergeId === null ? undefined : undoAction(() => undoMerge(mergeId)),
      };
    },
    failureTitle: "The accounts could not be merged",
    // The surviving account opens before anything is read again: the removed ones would answer 404.
    onSuccess: (outcome) => {
      onClose();
      const survivorPath = `/accounts/${outcome.account.id}`;
      if (location !== survivorPath) navigate(survivorPath);
    },
  });
  const isMerging = merging.isPending;

  return (
    <Modal
      open
      onClose={onClose}
      title="Merge Accounts"
      description="Make accounts that are the same customer one: their contacts, orders, notes, tasks and activity move to the account that stays."
      size="lg"
      canClose={!isMerging}
      testId="merge-account-dialog"
      footer={
        <>
          {step === "accounts" ? (
            <Button variant="secondary" onClick={onClose} data-testid="merge-cancel">
              Cancel
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setStep(MERGE_STEPS[stepIndex - 1]!.id)} disabled={isMerging} data-testid="merge-back">
              Back
            </Button>
          )}
          {step === "review" ? (
            <Button variant="danger" onClick={() => void merging.run(() => mergeAccounts(request))} disabled={!preview || isMerging} data-testid="merge-confirm">
              {isMerging ? "Merging..." : "Confirm Merge"}
            </Button>
          ) : (
            <Button variant="primary" onClick={() => setStep(MERGE_STEPS[stepIndex + 1]!.id)} disabled={picked.length < 2} data-testid="merge-next">
              Next
            </Button>
          )}
        </>
      }
    >
      <MergeStepper current={step} />
      <div className="mt-5" data-testid={`merge-step-${step}`}>
        {step === "accounts" && (
          <MergePickStep
            account={account}
            listed={listed}
            candidates={candidates}
            candidatesError={candidatesError}
            onRetryCandidates={retryCandidates}
            pickedIds={pickedIds}
            onTick={setTicked}
            onFound={addFound}
          />
        )}
        {step === "values" && (
          <MergeValuesStep
            accounts={picked}
            targetId={targetId}
            winners={request.fields}
            onSurvivorChange={setChosenSurvivorId}
            onFieldChange={(field, accountId) => setFieldPicks((current) => ({ ...current, [field]: accountId }))}
          />
        )}
        {step === "review" && (
          <MergeReviewStep
            preview={preview}
            error={previewError}
            onRetry={retryPreview}
            removed={picked.filter((mergedAccount) => mergedAccount.id !== targetId)}
          />
        )}
      </div>
    </Modal>
  );
}
