import { useMonthlySales, type MonthRange } from "../../api/analytics";
import { formatCount } from "../../format/count";
import { formatDollars } from "../../format/money";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { ChartCard, EmptyChart } from "./ChartCard";
import { csvDollars } from "./csv";
import { monthRevenueOf, type MonthRevenue } from "./figures";
import { MonthlyRevenueChart } from "./MonthlyRevenueChart";
import { formatMonth } from "./period";

/** Revenue by month over the range, new customers' apart from returning customers', with orders. */
export function MonthlyRevenueCard({ range, className }: { range: MonthRange; className?: string }) {
  const { data, error, retry } = useMonthlySales(range);
  const months = data?.map(monthRevenueOf);
  const hasOrders = months?.some((month) => month.orders > 0 || month.revenue !== 0) ?? false;

  return (
    <ChartCard
      title="Revenue by month"
      summary={`${formatMonth(range.from)} – ${formatMonth(range.to)}`}
      csv={months && hasOrders ? { fileName: `revenue-by-month-${range.from}-to-${range.to}.csv`, rows: csvRows(months) } : undefined}
      testId="monthly-revenue-card"
      className={className}
    >
      {(view) =>
        !months ? (
          error ? (
            <LoadError title="Revenue by month could not be loaded." error={error} onRetry={retry} compact />
          ) : (
            <SkeletonLines count={6} />
          )
        ) : !hasOrders ? (
          <EmptyChart title="No orders in these months yet">Revenue shows here month by month once orders are imported or arrive from ShipStation.</EmptyChart>
        ) : view === "chart" ? (
          <MonthlyRevenueChart months={months} />
        ) : (
          <MonthlyRevenueTable months={months} />
        )
      }
    </ChartCard>
  );
}

const HEADERS = ["Month", "New customers' revenue", "Returning customers' revenue", "Revenue", "Orders"] as const;

function csvRows(months: MonthRevenue[]) {
  return [
    HEADERS,
    ...months.map((month) => [month.month, csvDollars(month.newCustomerRevenue), csvDollars(month.returningCustomerRevenue), csvDollars(month.revenue), month.orders]),
  ];
}

function MonthlyRevenueTable({ months }: { months: MonthRevenue[] }) {
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full min-w-[560px] text-left text-sm" data-testid="monthly-table">
        <caption className="sr-only">Revenue by month</caption>
        <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-500">
          <tr>
            {HEADERS.map((header, index) => (
              <th key={header} scope="col" className={`px-3 py-2 ${index > 0 ? "text-right" : ""}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                {formatMonth(month.month)}
              </th>
              <td className="px-3 py-2 text-right">{formatDollars(month.newCustomerRevenue)}</td>
              <td className="px-3 py-2 text-right">{formatDollars(month.returningCustomerRevenue)}</td>
              <td className="px-3 py-2 text-right font-medium text-slate-900">{formatDollars(month.revenue)}</td>
              <td className="px-3 py-2 text-right">{formatCount(month.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
