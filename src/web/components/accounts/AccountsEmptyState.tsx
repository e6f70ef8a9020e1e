import { NoMatches } from "../../ui/NoMatches";
import { Button } from "../../ui/Button";
import { AccountsIcon, UploadIcon } from "../../ui/icons";

/** What the table area shows when there are no rows: an empty database, or filters that match nothing. */
export function AccountsEmptyState({ filtersOn, onUpload, onClearFilters }: { filtersOn: readonly string[]; onUpload: () => void; onClearFilters: () => void }) {
  if (filtersOn.length > 0) {
    return (
      <NoMatches message={`No accounts match these filters: ${filtersOn.join(", ")}.`} clearLabel="Clear filters" onClear={onClearFilters} testId="accounts-no-matches" />
    );
  }
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center" data-testid="accounts-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
        <AccountsIcon className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">No accounts yet</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">
        Upload a CSV of orders with Upload Accounts: every customer e-mail in it becomes an account.
      </p>
      <Button variant="primary" icon={UploadIcon} className="mt-5" onClick={onUpload}>
        Upload Accounts
      </Button>
    </div>
  );
}
