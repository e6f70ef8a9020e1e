import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { accountExportUrl, useAccountList, type Account } from "../api/accounts";
import { AccountFilters } from "../components/accounts/AccountFilters";
import { AccountFormModal } from "../parts/accounts/AccountFormModal";
import { defaultOwnerFor, filtersOf, filtersOn, listQueryOf, NO_FILTERS, searchFromView, viewFromSearch, withFilters, type AccountListView } from "../parts/accounts/account-list-view";
import { ownerChoiceLabel } from "../parts/accounts/owners";
import { useActiveTeam } from "../api/team";
import { useLists } from "../api/lists";
import { onPage, pageRange } from "../ui/paging";
import { AccountsEmptyState } from "../components/accounts/AccountsEmptyState";
import { ClearAllDataButton } from "../components/accounts/ClearAllDataButton";
import { ExportAccountsLink } from "../parts/accounts/ExportAccountsLink";
import { SelectableAccounts } from "../parts/accounts/SelectableAccounts";
import { useAccountPageSize } from "../parts/accounts/useAccountPageSize";
import { Button } from "../ui/Button";
import { DuplicatesToggle } from "../components/duplicates/DuplicatesToggle";
import { MergeAccountDialog } from "../components/duplicates/MergeAccountDialogOnDemand";
import { PlusIcon, UploadIcon } from "../ui/icons";
import { ImportAccountsDialog } from "../components/import/ImportAccountsDialog";
import { LoadError } from "../ui/LoadError";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

export function AccountsScreen() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // A sales rep starts on their own accounts ("My accounts"); choosing All owners puts owner=all in the URL.
  const defaultOwner = defaultOwnerFor(user);
  const view = useMemo(() => viewFromSearch(searchParams, defaultOwner), [searchParams, defaultOwner]);
  const filters = filtersOf(view);
  const [pageSize, setPageSize] = useAccountPageSize();
  const { accountList, error, isValidating, retry } = useAccountList(listQueryOf(filters, view, pageSize));
  const [openDialog, setOpenDialog] = useState<OpenDialog>(NO_DIALOG);
  const closeDialog = () => setOpenDialog(NO_DIALOG);

  const { allMembers } = useActiveTeam();
  const lists = useLists();
  const on = filtersOn(view, {
    list: (key) => lists?.find((list) => list.key === key)?.name ?? key,
    owner: (choice) => ownerChoiceLabel(choice, allMembers ?? []),
  });

  function show(next: AccountListView) {
    setSearchParams(searchFromView(next, defaultOwner));
  }

  // A page past the end (an old link, or accounts deleted meanwhile) gives way to the last page.
  const lastPage = accountList ? pageRange(1, accountList.total, pageSize).pageCount : null;
  useEffect(() => {
    if (!isValidating && lastPage !== null && view.page > lastPage) {
      setSearchParams(searchFromView(onPage(view, lastPage), defaultOwner), { replace: true });
    }
  }, [isValidating, lastPage, view, setSearchParams, defaultOwner]);

  const isEmpty = accountList !== undefined && accountList.total === 0;

  return (
    <section data-testid="accounts-screen" className="space-y-4">
      {/* Where filters and buttons do not fit one row, the buttons take the top one, at the right; on a phone, icons alone. */}
      <div className="flex flex-wrap-reverse items-end justify-between gap-3 sm:gap-4">
        <AccountFilters filters={view} onChange={(chosen) => show(withFilters(view, chosen))} hiddenFiltersOn={on.length - (view.q ? 1 : 0)}>
          <DuplicatesToggle pressed={view.showDuplicates === true} onChange={(showDuplicates) => show(withFilters(view, { showDuplicates }))} />
        </AccountFilters>
        <div className="ml-auto flex flex-wrap gap-2" data-testid="accounts-toolbar">
          <ExportAccountsLink href={accountExportUrl({ filters }, view)} label="Export" iconOnlyOnPhone testId="accounts-export" />
          <Button icon={UploadIcon} className="max-sm:px-3" title="Upload Accounts" onClick={() => setOpenDialog({ kind: "import" })}>
            <span className="max-sm:sr-only">Upload Accounts</span>
          </Button>
          <Button variant="primary" icon={PlusIcon} className="max-sm:px-3" title="Add Account" onClick={() => setOpenDialog({ kind: "add" })}>
            <span className="max-sm:sr-only">Add Account</span>
          </Button>
          {user && isAdmin(user) && <ClearAllDataButton />}
        </div>
      </div>

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {error ? (
          <LoadError title="The accounts could not be loaded." error={error} onRetry={retry} testId="accounts-error" />
        ) : isEmpty ? (
          <AccountsEmptyState
            filtersOn={on}
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
