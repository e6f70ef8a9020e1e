import { useState } from "react";
import { accountExportUrl, undoBulkChange, updateAccountsInBulk, useRefreshAccounts, type AccountFilters, type AccountOrder, type BulkAccountAction, type BulkAccountsResult } from "../../api/accounts";
import { useLists } from "../../api/lists";
import { useActiveTeam } from "../../api/team";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { formatCount } from "../../format/count";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { MergeIcon } from "../../ui/icons";
import { Select } from "../../ui/Select";
import { bulkSelectionOf, exportedAccountsOf, mergePairOf, selectedCount, type SelectedAccounts } from "./account-selection";
import { ExportAccountsLink } from "./ExportAccountsLink";
import { bulkActionOf, bulkActionQuestion, setListOptions, setOwnerOptions } from "./bulk-actions";

export interface AccountsBulkBarProps {
  selected: SelectedAccounts;
  /** Accounts the filters match over all pages: what 'all matching' covers. */
  total: number;
  filters: AccountFilters;
  order: AccountOrder;
  onClear: () => void;
  /** Opens the merge dialog with the two accounts ticked. */
  onMerge: (pair: [number, number]) => void;
  /** True while the accounts to merge are fetched. */
  isOpeningMerge: boolean;
}

/** The pickers of the bar, each setting one field of every account chosen. */
const PICKERS = [
  { field: "list", label: "Set list" },
  { field: "owner", label: "Set owner" },
] as const;

/**
 * What can be done to the accounts ticked (or all matching) at once: each action is one request, after
 * which the table and the lists' figures are read again and the selection is cleared. An action on every
 * matching account, pages nobody looked at included, is confirmed first. On a phone the bar is a sheet
 * at the bottom of the screen, where the thumb is, and stays in view while the cards scroll.
 */
export function AccountsBulkBar({ selected, total, filters, order, onClear, onMerge, isOpeningMerge }: AccountsBulkBarProps) {
  const lists = useLists();
  const { activeMembers } = useActiveTeam();
  const [question, setQuestion] = useState<BulkAccountAction | null>(null);
  const refreshAccounts = useRefreshAccounts();
  const undoAction = useUndo(refreshAccounts);
  const bulk = useWrite<BulkAccountsResult>({
    refresh: refreshAccounts,
    success: ({ message, bulkChangeId }) => ({
      title: "Accounts updated",
      description: message,
      action: bulkChangeId === null ? undefined : undoAction(() => undoBulkChange(bulkChangeId)),
    }),
    failureMessage: "The accounts could not be updated.",
    onSuccess: () => {
      setQuestion(null);
      onClear();
    },
  });
  const count = selectedCount(selected, total);
  const mergePair = mergePairOf(selected);

  function act(action: BulkAccountAction | null) {
    const selection = bulkSelectionOf(selected, filters);
    if (!action || !selection) return;
    if (selected.kind === "allMatching") setQuestion(action);
    else void bulk.run(() => updateAccountsInBulk(selection, action));
  }

  function confirm() {
    const selection = bulkSelectionOf(selected, filters);
    if (question && selection) void bulk.run(() => updateAccountsInBulk(selection, question));
  }

  const confirmation = question && bulkActionQuestion(question, count, lists, activeMembers);

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] md:static md:z-auto md:border-t-0 md:border-b md:border-blue-100 md:bg-blue-50/70 md:py-2 md:shadow-none"
      data-testid="bulk-bar"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm font-semibold text-slate-900" data-testid="bulk-selected-count">
          {formatCount(count)} selected
        </p>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={bulk.isPending} data-testid="bulk-clear">
          Clear
        </Button>
        <div className="grid w-full grid-cols-2 gap-2 md:ml-auto md:flex md:w-auto md:flex-wrap md:items-center">
          {/* Pickers that act once something is picked: back on their label afterwards, ready for the next action. */}
          {PICKERS.map(({ field, label }) => (
            <Select
              key={field}
              label={label}
              hideLabel
              className="md:w-44"
              value=""
              options={field === "list" ? setListOptions(lists) : setOwnerOptions(activeMembers)}
              disabled={bulk.isPending}
              onChange={(choice) => act(bulkActionOf(field, choice))}
              data-testid={`bulk-set-${field}`}
            />
          ))}
          <ExportAccountsLink href={accountExportUrl(exportedAccountsOf(selected, filters), order)} label="Export selected" size="sm" testId="bulk-export" />
          <Button
            size="sm"
            icon={MergeIcon}
            disabled={!mergePair || isOpeningMerge || bulk.isPending}
            title={mergePair ? undefined : "Tick exactly two accounts to merge them; more can be added in the merge dialog"}
            onClick={() => mergePair && onMerge(mergePair)}
            data-testid="bulk-merge"
          >
            Merge selected
          </Button>
        </div>
      </div>
      {confirmation && (
        <ConfirmDialog
          open
          title={confirmation.title}
          message={confirmation.message}
          confirmLabel={confirmation.confirmLabel}
          pendingLabel="Saving..."
          isPending={bulk.isPending}
          onConfirm={confirm}
          onCancel={() => setQuestion(null)}
          testId="bulk-confirm"
        />
      )}
    </div>
  );
}
