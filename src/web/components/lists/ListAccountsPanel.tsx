import { NoMatches } from "../../ui/NoMatches";
import { useEffect, useState } from "react";
import { accountExportUrl, useAccountList, type Account } from "../../api/accounts";
import type { FirstOrderWindow, ListDefinition, ListSummary } from "../../api/lists";
import { AccountFormModal } from "../../parts/accounts/AccountFormModal";
import { listQueryOf } from "../../parts/accounts/account-list-view";
import { onPage, pageRange } from "../../ui/paging";
import { ExportAccountsLink } from "../../parts/accounts/ExportAccountsLink";
import { SelectableAccounts, type SelectableAccountsProps } from "../../parts/accounts/SelectableAccounts";
import { useAccountPageSize } from "../../parts/accounts/useAccountPageSize";
import { LoadError } from "../../ui/LoadError";
import { ListActionsMenu } from "./ListActionsMenu";
import { isFiltered, tabFiltersOf, withFirstOrderDates, withTabFilters, type ListsView } from "./lists-view";
import { AccountSearchBox } from "../../parts/accounts/AccountSearchBox";
import { OwnerFilterSelect } from "../../parts/accounts/OwnerFilterSelect";

export interface ListAccountsPanelProps {
  list: ListSummary;
  view: ListsView;
  /** The first-order-date filter as sent to the server. */
  firstOrderWindow: FirstOrderWindow;
  /** Shows another sort or page; `replace` leaves no history entry, for corrections nobody asked for. */
  onShow: (view: ListsView, options?: { replace: boolean }) => void;
  onEditList: (list: ListDefinition) => void;
  onDeleteList: (list: ListDefinition) => void;
  MergeDialog: SelectableAccountsProps["MergeDialog"];
}

/** One list's accounts, sorted and paged by the server, within the date filter, as many a page as the accounts table shows. */
export function ListAccountsPanel({ list, view, firstOrderWindow, onShow, onEditList, onDeleteList, MergeDialog }: ListAccountsPanelProps) {
  const filters = tabFiltersOf(list.key, firstOrderWindow, view);
  const isNarrowed = Boolean(view.q) || view.owner !== "all";
  const [pageSize, setPageSize] = useAccountPageSize();
  const { accountList, error, isValidating, retry } = useAccountList(listQueryOf(filters, view, pageSize));
  const [editedAccount, setEditedAccount] = useState<Account | null>(null);

  // A page past the end (the last account of the page moved to another list, say) gives way to the last page.
  const lastPage = accountList ? pageRange(1, accountList.total, pageSize).pageCount : null;
  useEffect(() => {
    if (!isValidating && lastPage !== null && view.page > lastPage) onShow(onPage(view, lastPage), { replace: true });
  }, [isValidating, lastPage, view, onShow]);

  return (
    <div data-testid="list-tab-panel" data-list-key={list.key}>
      <div className="flex min-h-13 items-center justify-between gap-3 border-b border-slate-100 px-5 py-2">
        <p className={`min-w-0 text-sm ${list.description ? "text-slate-500" : "text-slate-400 italic"}`}>{list.description ?? "No description"}</p>
        <div className="flex shrink-0 items-center gap-2">
          <ExportAccountsLink href={accountExportUrl({ filters }, view)} label="Export" size="sm" testId="list-export" />
          {!list.builtIn && <ListActionsMenu list={list} onEdit={onEditList} onDelete={onDeleteList} />}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-5 py-2" data-testid="list-filters">
        <AccountSearchBox value={view.q ?? ""} onChange={(q) => onShow(withTabFilters(view, { q: q || undefined }))} className="min-w-0 flex-1 sm:max-w-xs" testId="list-search" />
        <OwnerFilterSelect hideLabel className="w-36 sm:w-44" value={view.owner} onChange={(owner) => onShow(withTabFilters(view, { owner }))} />
      </div>
      {error ? (
        <LoadError title="The accounts in this list could not be loaded." error={error} onRetry={retry} testId="list-accounts-error" />
      ) : accountList?.total === 0 ? (
        <EmptyList
          isFilteredOut={(isFiltered(firstOrderWindow) || isNarrowed) && list.totalCount > 0}
          onClearFilter={() => onShow(withFirstOrderDates(withTabFilters(view, { q: undefined, owner: "all" }), { from: "", to: "" }))}
        />
      ) : (
        <SelectableAccounts
          accountList={accountList}
          isRefreshing={isValidating && accountList !== undefined}
          filters={filters}
          view={view}
          onShow={(next) => onShow({ ...view, ...next })}
          pageSize={pageSize}
          onPageSizeChange={setPageSize}
          onEdit={setEditedAccount}
          MergeDialog={MergeDialog}
        />
      )}
      {editedAccount && (
        <AccountFormModal
          account={editedAccount}
          onClose={() => setEditedAccount(null)}
          onSaved={() => setEditedAccount(null)}
        />
      )}
    </div>
  );
}

/** An empty list, or a list whose accounts all fall outside the date filter. */
function EmptyList({ isFilteredOut, onClearFilter }: { isFilteredOut: boolean; onClearFilter: () => void }) {
  if (isFilteredOut) {
    return (
      <NoMatches
        message="No accounts in this list match the text, owner or first-order dates chosen."
        clearLabel="Clear filters"
        onClear={onClearFilter}
        testId="list-no-matches"
      />
    );
  }
  return (
    <p className="px-6 py-16 text-center text-sm text-slate-500" data-testid="list-empty">
      No accounts in this list yet
    </p>
  );
}
