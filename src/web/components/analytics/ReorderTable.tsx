import { AccountNameLink } from "../../ui/AccountNameLink";
import type { ReorderAccount, ReorderSort } from "../../api/analytics";
import type { SortDirection } from "../../api/accounts";
import { formatCount, formatCountOf } from "../../format/count";
import { formatUsCalendarDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { SortableColumnHeader } from "../../ui/SortableColumnHeader";
import { pageTicks, toggled, toggledPage } from "../../ui/row-ticks";
import type { RadarView } from "./radar-view";
import { rhythmText } from "../../format/reorder-bands";
import { ReorderTiming } from "../../ui/ReorderTiming";
import { Select } from "../../ui/Select";
import { useMediaQuery } from "../../useMediaQuery";
import { dimmedWhile } from "../../ui/dimmed-while";

export interface ReorderTableProps {
  accounts: ReorderAccount[];
  view: RadarView;
  /** True while another page or sort loads over the rows shown. */
  isRefreshing: boolean;
  selection: ReadonlySet<number>;
  /** A column header clicked: that column, or the other way round. */
  onSort: (column: ReorderSort) => void;
  /** A sort chosen whole, from the cards' picker. */
  onOrder: (sort: ReorderSort, dir: SortDirection) => void;
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

/**
 * The table's eight columns need 880 px: a window this wide (the sidebar and margins taken off) has them;
 * narrower, the accounts are cards, rather than a table whose columns scroll out of sight behind the names.
 */
const RADAR_TABLE_QUERY = "(min-width: 80rem)";

/** The cards' sort picker, in place of the column headers: each choice a column and the direction people want first. */
const ORDER_CHOICES: readonly { value: `${ReorderSort}:${SortDirection}`; label: string }[] = [
  { value: "totalOrderValue:desc", label: "Highest value" },
  { value: "daysOverdue:desc", label: "Most overdue" },
  { value: "expectedNextOrderDate:asc", label: "Expected soonest" },
  { value: "lastOrderDate:desc", label: "Latest order" },
  { value: "lastOrderDate:asc", label: "Oldest last order" },
  { value: "orderCount:desc", label: "Most orders" },
  { value: "medianGapDays:asc", label: "Shortest rhythm" },
  { value: "name:asc", label: "Name, A to Z" },
];

const CHECKBOX_CLASS = "size-4 rounded border-slate-300 text-blue-600 accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500";

/** The box that ticks every account on the page, half-ticked when some are: the table's and the cards' alike. */
function PageTickBox({ ticks, onChange }: { ticks: ReturnType<typeof pageTicks>; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      aria-label="Select every account on this page"
      checked={ticks === "all"}
      ref={(checkbox) => {
        if (checkbox) checkbox.indeterminate = ticks === "some";
      }}
      onChange={onChange}
      className={CHECKBOX_CLASS}
      data-testid="reorder-select-page"
    />
  );
}

/** One account's tick box, in a row or on a card. */
function RowTickBox({ name, checked, onChange }: { name: string; checked: boolean; onChange: () => void }) {
  return <input type="checkbox" aria-label={`Select ${name}`} checked={checked} onChange={onChange} className={CHECKBOX_CLASS} data-testid="reorder-select" />;
}

/**
 * A page of a band's accounts, sorted by the server, each ticked for a follow-up task or opened by its
 * name: a table on wide screens, cards on narrower ones.
 */
export function ReorderTable(props: ReorderTableProps) {
  const isWide = useMediaQuery(RADAR_TABLE_QUERY);
  return isWide ? <ReorderRows {...props} /> : <ReorderCards {...props} />;
}

function ReorderRows({ accounts, view, isRefreshing, selection, onSort, onSelectionChange }: ReorderTableProps) {
  const pageIds = accounts.map((account) => account.id);
  const ticks = pageTicks(selection, pageIds);

  return (
    <div className="overflow-x-auto">
      <table className={`w-full min-w-[880px] border-collapse text-left text-sm ${dimmedWhile(isRefreshing)}`} aria-busy={isRefreshing} data-testid="reorder-table">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-10 px-3 py-3 align-bottom">
              <PageTickBox ticks={ticks} onChange={() => onSelectionChange(toggledPage(selection, pageIds))} />
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
                <RowTickBox name={account.name} checked={selection.has(account.id)} onChange={() => onSelectionChange(toggled(selection, account.id))} />
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

function ReorderCards({ accounts, view, isRefreshing, selection, onOrder, onSelectionChange }: ReorderTableProps) {
  const pageIds = accounts.map((account) => account.id);
  const ticks = pageTicks(selection, pageIds);
  const chosen = `${view.sort}:${view.dir}` as const;
  // A header-sorted view no choice names (the table's, before the window narrowed) is offered as it is.
  const choices = ORDER_CHOICES.some((choice) => choice.value === chosen) ? ORDER_CHOICES : [{ value: chosen, label: "As sorted" }, ...ORDER_CHOICES];

  return (
    <div aria-busy={isRefreshing} data-testid="reorder-cards">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-200 bg-slate-50 px-4 py-2">
        <label className="flex items-center gap-2 text-xs font-semibold whitespace-nowrap text-slate-600">
          <PageTickBox ticks={ticks} onChange={() => onSelectionChange(toggledPage(selection, pageIds))} />
          <span aria-hidden="true">Select page</span>
        </label>
        <Select
          label="Sort by"
          hideLabel
          className="min-w-44 flex-1 sm:max-w-64"
          value={chosen}
          options={choices}
          onChange={(value) => {
            const [sort, dir] = value.split(":") as [ReorderSort, SortDirection];
            onOrder(sort, dir);
          }}
          data-testid="reorder-sort-select"
        />
      </div>
      <ul className={`divide-y divide-slate-100 ${dimmedWhile(isRefreshing)}`}>
        {accounts.map((account) => (
          <li key={account.id} className={`flex gap-3 px-4 py-3 text-sm ${selection.has(account.id) ? "bg-blue-50/60" : ""}`} data-testid="reorder-card" data-account-id={account.id}>
            <div className="pt-0.5">
              <RowTickBox name={account.name} checked={selection.has(account.id)} onChange={() => onSelectionChange(toggled(selection, account.id))} />
            </div>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex items-start justify-between gap-2">
                <AccountNameLink id={account.id} name={account.name} className="min-w-0" testId="reorder-account-name" />
                <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatDollars(account.totalOrderValue)}</span>
              </div>
              {account.email && <p className="text-xs break-all text-slate-500">{account.email}</p>}
              {/* Each phrase kept whole: a line breaks between them, not inside a date. */}
              <p className="text-xs text-slate-600">
                <ReorderTiming daysOverdue={account.daysOverdue} /> · <span className="whitespace-nowrap">expected {formatUsCalendarDate(account.expectedNextOrderDate)}</span>
              </p>
              <p className="text-xs text-slate-500">
                <span className="whitespace-nowrap">Orders {rhythmText(account.medianGapDays)}</span> ·{" "}
                <span className="whitespace-nowrap">{formatCountOf(account.orderCount, "order")}</span> ·{" "}
                <span className="whitespace-nowrap">last {formatUsCalendarDate(account.lastOrderDate)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
