import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { accountExportUrl, useAccountList, type Account } from "../api/accounts";
import { AccountFilters } from "../components/accounts/AccountFilters";
import { AccountFormModal } from "../parts/accounts/AccountFormModal";
import { filtersOf, hasFilters, listQueryOf, NO_FILTERS, searchFromView, viewFromSearch, withFilters, type AccountListView } from "../parts/accounts/account-list-view";
import { onPage, pageRange } from "../ui/paging";
import { AccountsEmptyState } from "../components/accounts/AccountsEmptyState";
import { ClearAllDataButton } from "../components/accounts/ClearAllDataButton";
import { ExportAccountsLink } from "../parts/accounts/ExportAccountsLink";
import { SelectableAccounts } from "../parts/accounts/SelectableAccounts";
import { useAccountPageSize } from "../parts/accounts/useAccountPageSize";
import { Button } from "../ui/Button";
import { DuplicatesToggle } from "../components/duplicates/DuplicatesToggle";
import { MergeAccountDialog } from "../components/duplicates/MergeAccountDialog";
import { PlusIcon, UploadIcon } from "../ui/icons";
import { ImportAccountsDialog } from "../components/import/ImportAccountsDialog";
import { LoadError } from "../ui/LoadError";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

export function AccountsScreen() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearch(searchParams), [searchParams]);
  const filters = filtersOf(view);
  const [pageSize, setPageSize] = useAccountPageSize();
  const { accountList, error, isValidating, retry } = useAccountList(listQueryOf(filters, view, pageSize));
  const [openDialog, setOpenDialog] = useState<OpenDialog>(NO_DIALOG);
  const closeDialog = () => setOpenDialog(NO_DIALOG);

  function show(next: AccountListView) {
    setSearchParams(searchFromView(next));
  }

  // A page past the end (an old link, or accounts deleted meanwhile) gives way to the last page.
  const lastPage = accountList ? pageRange(1, accountList.total, pageSize).pageCount : null;
  useEffect(() => {
    if (!isValidating && lastPage !== null && view.page > lastPage) {
      setSearchParams(searchFromView(onPage(view, lastPage)), { replace: true });
    }
  }, [isValidating, lastPage, view, setSearchParams]);

  const isEmpty = accountList !== undefined && accountList.total === 0;

  return (
    <section data-testid="accounts-screen" className="space-y-4">
      {/* Where filters and buttons do not fit one row, the buttons take the top one, at the right. */}
      <div className="flex flex-wrap-reverse items-start justify-between gap-4">
        <AccountFilters filters={view} onChange={(chosen) => show(withFilters(view, chosen))}>
          <DuplicatesToggle pressed={view.showDuplicates === true} onChange={(showDuplicates) => show(withFilters(view, { showDuplicates }))} />
        </AccountFilters>
        <div className="ml-auto flex flex-wrap gap-2" data-testid="accounts-toolbar">
          <ExportAccountsLink href={accountExportUrl({ filters }, view)} label="Export" testId="accounts-export" />
          <Button icon={UploadIcon} onClick={() => setOpenDialog({ kind: "import" })}>
            Upload Accounts
          </Button>
          <Button variant="primary" icon={PlusIcon} onClick={() => setOpenDialog({ kind: "add" })}>
            Add Account
          </Button>
          {user && isAdmin(user) && <ClearAllDataButton />}
        </div>
      </div>

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {error ? (
          <LoadError title="The accounts could not be loaded." error={error} onRetry={retry} testId="accounts-error" />
        ) : isEmpty ? (
          <AccountsEmptyState
            hasFilters={hasFilters(view)}
            onUpload={() => setOpenDialog({ kind: "import" })}
            onClearFilters={() => show(withFilters(view, NO_FILTERS))}
          />
        ) : (
          <SelectableAccounts
            accountList={accountList}
            isRefreshing={isValidating && accountList !== undefined}
            filters={filters}
            view={view}
            onShow={(next) => show({ ...view, ...next })}
            pageSize={pageSize}
            onPageSizeChange={setPageSize}
            onEdit={(account) => setOpenDialog({ kind: "edit", account })}
            onMerge={(account) => setOpenDialog({ kind: "merge", account })}
            MergeDialog={MergeAccountDialog}
          />
        )}
      </div>

      <ImportAccountsDialog open={openDialog.kind === "import"} onClose={closeDialog} />
      {(openDialog.kind === "add" || openDialog.kind === "edit") && (
        <AccountFormModal
          account={openDialog.kind === "edit" ? openDialog.account : null}
          onClose={closeDialog}
          onSaved={closeDialog}
        />
      )}
      {openDialog.kind === "merge" && <MergeAccountDialog account={openDialog.account} onClose={closeDialog} />}
    </section>
  );
}

type OpenDialog = { kind: "none" } | { kind: "import" } | { kind: "add" } | { kind: "edit"; account: Account } | { kind: "merge"; account: Account };

const NO_DIALOG: OpenDialog = { kind: "none" };
