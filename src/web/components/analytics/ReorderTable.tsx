import { AccountNameLink } from "../../ui/AccountNameLink";
import type { ReorderAccount, ReorderSort } from "../../api/analytics";
import { formatCount } from "../../format/count";
import { formatUsCalendarDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { SortableColumnHeader } from "../../ui/SortableColumnHeader";
import { pageTicks, toggled, toggledPage } from "../../ui/row-ticks";
import type { RadarView } from "./radar-view";
import { rhythmText } from "../../format/reorder-bands";
import { ReorderTiming } from "../../ui/ReorderTiming";

export interface ReorderTableProps {
  accounts: ReorderAccount[];
  view: RadarView;
  /** True while another page or sort loads over the rows shown. */
  isRefreshing: boolean;
  selection: ReadonlySet<number>;
  onSort: (column: ReorderSort) => void;
  onSelectionChange: (selection: Set<number>) => void;
}

const COLUMNS: readonly { column: ReorderSort; label: string }[] = [
  { column: "name", label: "Account" },
  { column: "orderCount", label: "Orders" },
  { column: "lastOrderDate", label: "Last order" },
  { column: "medianGapDays", label: "Rhythm" },
  { column: "expectedNextOrderDate", label: "Expected" },
  { column: "daysOverdue", label: "Due" },
  { column: "totalOrderValue", label: "Value" },
];

const CHECKBOX_CLASS = "size-4 rounded border-slate-300 text-blue-600 accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500";

/** A page of a band's accounts, sorted by the server, each ticked for a follow-up task or opened by its name. */
export function ReorderTable({ accounts, view, isRefreshing, selection, onSort, onSelectionChange }: ReorderTableProps) {
  const pageIds = accounts.map((account) => account.id);
  const ticks = pageTicks(selection, pageIds);

  return (
    <div className="overflow-x-auto">
      <table className={`w-full min-w-[880px] border-collapse text-left text-sm transition-opacity ${isRefreshing ? "opacity-60" : ""}`} aria-busy={isRefreshing} data-testid="reorder-table">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-10 px-3 py-3 align-bottom">
              <input
                type="checkbox"
                aria-label="Select every account on this page"
                checked={ticks === "all"}
                ref={(checkbox) => {
                  if (checkbox) checkbox.indeterminate = ticks === "some";
                }}
                onChange={() => onSelectionChange(toggledPage(selection, pageIds))}
                className={CHECKBOX_CLASS}
                data-testid="reorder-select-page"
              />
            </th>
            {COLUMNS.map(({ column, label }) => (
              <SortableColumnHeader key={column} label={label} direction={view.sort === column ? view.dir : null} onClick={() => onSort(column)} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {accounts.map((account) => (
            <tr key={account.id} className={selection.has(account.id) ? "bg-blue-50/60" : "hover:bg-slate-50/70"} data-testid="reorder-row" data-account-id={account.id}>
              <td className="px-3 py-3">
                <input
                  type="checkbox"
                  aria-label={`Select ${account.name}`}
                  checked={selection.has(account.id)}
                  onChange={() => onSelectionChange(toggled(selection, account.id))}
                  className={CHECKBOX_CLASS}
                  data-testid="reorder-select"
                />
              </td>
              <td className="max-w-72 px-3 py-3">
                <AccountNameLink id={account.id} name={account.name} testId="reorder-account-name" />
                {account.email && (
                  <p className="truncate text-xs text-slate-500" title={account.email}>
                    {account.email}
                  </p>
                )}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums">{formatCount(account.orderCount)}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatUsCalendarDate(account.lastOrderDate)}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{rhythmText(account.medianGapDays)}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatUsCalendarDate(account.expectedNextOrderDate)}</td>
              <td className="px-3 py-3">
                <ReorderTiming daysOverdue={account.daysOverdue} />
              </td>
              <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatDollars(account.totalOrderValue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
