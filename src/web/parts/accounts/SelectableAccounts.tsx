import { useState, type ComponentType } from "react";
import type { Account, AccountFilters } from "../../api/accounts";
import { describeFailure, type CountedList } from "../../api/client";
import { fetchMergeableAccount, type MergeableAccount } from "../../api/duplicates";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../useMediaQuery";
import { useToast } from "../../ui/toast/useToast";
import { AccountCards } from "./AccountCards";
import { type SortedAccountsPage } from "./account-list-view";
import { onPage, sortedBy } from "../../ui/paging";
import { NO_ACCOUNTS_SELECTED, hasSelection, selectionBanner, selectionScopeOf, selectionUnder, type ScopedSelection, type SelectedAccounts } from "./account-selection";
import { AccountsBulkBar } from "./AccountsBulkBar";
import { AccountsPagination } from "../../ui/AccountsPagination";
import { AccountsTable } from "./AccountsTable";
import type { AccountPageSize } from "../../api/accounts";
import { pageKeepingFirstRow } from "./page-size";
import { SelectionBanner } from "./SelectionBanner";

export interface SelectableAccountsProps {
  /** Undefined while the first page loads. */
  accountList: CountedList<Account> | undefined;
  /** True while a new page, filter or sort loads over the rows shown. */
  isRefreshing: boolean;
  /** What the table shows over all its pages: its selection, export and bulk actions cover these. */
  filters: AccountFilters;
  view: SortedAccountsPage;
  onShow: (view: SortedAccountsPage) => void;
  pageSize: AccountPageSize;
  onPageSizeChange: (pageSize: AccountPageSize) => void;
  onEdit: (account: Account) => void;
  /** Without it rows have no merge button. */
  onMerge?: (account: Account) => void;
  /** Merges the two accounts ticked, from the bulk bar: the screen gives the duplicates' merge dialog. */
  MergeDialog: ComponentType<MergeDialogProps>;
}

/** What the merge dialog is opened with: both accounts read afresh, the second ticked as the one to merge in. */
export interface MergeDialogProps {
  account: MergeableAccount;
  preselected: MergeableAccount;
  onClose: () => void;
}

/**
 * A page of accounts with boxes to tick them, the bulk actions on what is ticked, and the pager: rows of
 * a table on a wide screen, cards on a phone. Ticks survive paging and sorting; other filters clear them.
 */
export function SelectableAccounts({ accountList, isRefreshing, filters, view, onShow, pageSize, onPageSizeChange, onEdit, onMerge, MergeDialog }: SelectableAccountsProps) {
  const { toast } = useToast();
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const scope = selectionScopeOf(filters);
  const [scoped, setScoped] = useState<ScopedSelection>({ scope, selected: NO_ACCOUNTS_SELECTED });
  const selected = selectionUnder(scoped, scope);
  const select = (next: SelectedAccounts) => setScoped({ scope, selected: next });
  const [merging, setMerging] = useState<{ state: "opening" } | { state: "open"; account: MergeableAccount; preselected: MergeableAccount } | null>(null);

  const accounts = accountList?.items;
  const total = accountList?.total ?? 0;
  const pageIds = accounts?.map((account) => account.id) ?? [];
  const banner = selectionBanner(selected, pageIds, total);

  // The ticked accounts may be on other pages: both are read afresh, as the merge dialog's own search does.
  async function openMerge([accountId, otherId]: [number, number]) {
    setMerging({ state: "opening" });
    try {
      const [account, preselected] = await Promise.all([fetchMergeableAccount(accountId), fetchMergeableAccount(otherId)]);
      setMerging({ state: "open", account, preselected });
    } catch (error) {
      setMerging(null);
      toast({ variant: "destructive", title: "The accounts could not be opened for merging", description: describeFailure(error).message });
    }
  }

  function changePageSize(next: AccountPageSize) {
    onPageSizeChange(next);
    onShow(onPage(view, pageKeepingFirstRow(view.page, pageSize, next)));
  }

  return (
    <>
      {hasSelection(selected) && (
        <AccountsBulkBar
          selected={selected}
          total={total}
          filters={filters}
          order={view}
          onClear={() => select(NO_ACCOUNTS_SELECTED)}
          onMerge={(pair) => void openMerge(pair)}
          isOpeningMerge={merging?.state === "opening"}
        />
      )}
      {banner && <SelectionBanner banner={banner} onSelectAllMatching={() => select({ kind: "allMatching" })} onClear={() => select(NO_ACCOUNTS_SELECTED)} />}
      {isWide ? (
        <AccountsTable
          accounts={accounts}
          pageSize={pageSize}
          selected={selected}
          onSelectedChange={select}
          sort={view.sort}
          dir={view.dir}
          isRefreshing={isRefreshing}
          onSort={(column) => onShow(sortedBy(view, column))}
          onEdit={onEdit}
          onMerge={onMerge}
        />
      ) : (
        <AccountCards
          accounts={accounts}
          pageSize={pageSize}
          view={view}
          isRefreshing={isRefreshing}
          selected={selected}
          onSelectedChange={select}
          onShow={onShow}
        />
      )}
      {accountList && (
        <AccountsPagination page={view.page} total={total} pageSize={pageSize} onPageChange={(page) => onShow(onPage(view, page))} onPageSizeChange={changePageSize} />
      )}
      {/* Room under the pager for the bulk bar, which covers the bottom of a phone's screen. */}
      {hasSelection(selected) && <div aria-hidden="true" className="h-40 md:hidden" />}
      {merging?.state === "open" && <MergeDialog account={merging.account} preselected={merging.preselected} onClose={() => setMerging(null)} />}
    </>
  );
}
