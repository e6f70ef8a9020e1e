import { Bones } from "../../ui/Bones";
import type { Account, AccountSortColumn, SortDirection } from "../../api/accounts";
import { AccountCheckbox } from "./AccountCheckbox";
import { AccountRow } from "./AccountRow";
import { accountTick, pageTick, type SelectedAccounts } from "./account-selection";
import { SortableColumnHeader } from "../../ui/SortableColumnHeader";
import { useActiveTeam } from "../../api/team";
import { ownerNameOf } from "./owners";
import { dimmedWhile } from "../../ui/dimmed-while";

export interface AccountsTableProps {
  /** Undefined while the first page loads: placeholder rows hold the table's height. */
  accounts: Account[] | undefined;
  /** Rows a page holds: as many placeholders while it loads. */
  pageSize: number;
  selected: SelectedAccounts;
  onSelectedChange: (selected: SelectedAccounts) => void;
  sort: AccountSortColumn;
  dir: SortDirection;
  /** True while a new page, filter or sort loads over the rows shown. */
  isRefreshing: boolean;
  onSort: (column: AccountSortColumn) => void;
  onEdit: (account: Account) => void;
  /** Without it rows have no merge button. */
  onMerge?: (account: Account) => void;
}

/**
 * Fixed widths for all but the Account column, which takes what is left: the table fits beside the
 * sidebar at 1280 pixels, and long names or e-mails are cut short instead of pushing columns off screen.
 */
const COLUMN_WIDTHS = ["", "w-25", "w-23", "w-32", "w-36", "w-40", "w-30", "w-28"] as const;

/** The columns in order; those with `sort` sort the table by it when their header is clicked. */
const COLUMNS: readonly { label: string; sort?: AccountSortColumn }[] = [
  { label: "Account", sort: "name" },
  { label: "Last Order", sort: "lastOrderDate" },
  { label: "Total Orders", sort: "orderCount" },
  { label: "Total Order Value", sort: "totalOrderValue" },
  { label: "Primary Contact" },
  { label: "List" },
  { label: "Owner", sort: "owner" },
  { label: "Actions" },
];

export function AccountsTable({ accounts, pageSize, selected, onSelectedChange, sort, dir, isRefreshing, onSort, onEdit, onMerge }: AccountsTableProps) {
  const isLoading = accounts === undefined;
  const pageIds = accounts?.map((account) => account.id) ?? [];
  const { allMembers } = useActiveTeam();

  return (
    // Relative, so that the hidden labels of the list selects (absolutely placed) scroll with the table instead of widening the page.
    <div className="relative overflow-x-auto">
      <table
        className={`w-full min-w-[1080px] table-fixed border-collapse text-left text-sm ${dimmedWhile(isRefreshing)}`}
        aria-busy={isLoading || isRefreshing}
        data-testid="accounts-table"
      >
        <colgroup>
          {COLUMN_WIDTHS.map((width, index) => (
            <col key={index} className={width} />
          ))}
        </colgroup>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {COLUMNS.map(({ sort: column, label }, index) =>
              column === undefined ? (
                <th key={label} scope="col" className="px-3 py-3 align-bottom text-xs font-semibold whitespace-nowrap text-slate-500">
                  {label}
                </th>
              ) : (
                <SortableColumnHeader
                  key={column}
                  label={label}
                  direction={sort === column ? dir : null}
                  onClick={() => onSort(column)}
                  // In the Account column's cell rather than a column of its own: the columns keep their places.
                  leading={
                    index === 0 && (
                      <span className="mr-3 inline-flex align-middle">
                        <AccountCheckbox label="Select every account on this page" {...pageTick(selected, pageIds, onSelectedChange)} testId="accounts-select-page" />
                      </span>
                    )
                  }
                />
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {isLoading
            ? Array.from({ length: pageSize }, (_, index) => <PlaceholderRow key={index} />)
            : accounts.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  ownerName={ownerNameOf(account.ownerUserId, allMembers)}
                  tick={accountTick(selected, account.id, pageIds, onSelectedChange)}
                  onEdit={() => onEdit(account)}
                  onMerge={onMerge && (() => onMerge(account))}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}

/** The shape of a row while it loads, as tall as a real one. */
function PlaceholderRow() {
  return (
    <tr aria-hidden="true" data-testid="account-row-placeholder">
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <span className="size-4 shrink-0 animate-pulse rounded bg-slate-200" />
          <span className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="space-y-2">
            <Bones bars={["h-3.5 w-40 bg-slate-200", "h-3 w-24 bg-slate-100"]} />
          </span>
        </div>
      </td>
      {[20, 16, 18, 32].map((width, index) => (
        <td key={index} className="px-3 py-3">
          <span className="block h-3.5 animate-pulse rounded bg-slate-200" style={{ width: `${width * 4}px` }} />
        </td>
      ))}
      <td className="px-3 py-3">
        <span className="block h-[38px] w-full animate-pulse rounded-lg bg-slate-100" />
      </td>
      <td className="px-3 py-3">
        <span className="block h-3.5 w-20 animate-pulse rounded bg-slate-200" />
      </td>
      <td className="px-3 py-3">
        <span className="block h-8 w-24 animate-pulse rounded bg-slate-100" />
      </td>
    </tr>
  );
}
