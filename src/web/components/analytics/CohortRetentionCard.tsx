import { useState } from "react";
import { useCohorts, type Cohort, type MonthRange } from "../../api/analytics";
import { formatCount, formatCountOf } from "../../format/count";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { ChartCard, EmptyChart } from "./ChartCard";
import { COHORT_MONTHS_SHOWN, cohortShare, formatShare, heatClass } from "./figures";
import { formatMonth } from "./period";

const MONTHS_AFTER = Array.from({ length: COHORT_MONTHS_SHOWN }, (_, monthsAfter) => monthsAfter);

/** Of the customers who first ordered in each month, the share who ordered again 1, 2, … 11 months later. */
export function CohortRetentionCard({ range }: { range: MonthRange }) {
  const { data: cohorts, error, retry } = useCohorts(range);
  const hasCustomers = cohorts?.some((cohort) => cohort.customers > 0) ?? false;

  return (
    <ChartCard
      title="Cohort retention"
      summary="Customers by the month of their first order, and the share of them ordering in each month after"
      csv={cohorts && hasCustomers ? { fileName: `cohort-retention-${range.from}-to-${range.to}.csv`, rows: csvRows(cohorts) } : undefined}
      testId="cohort-card"
    >
      {(view) =>
        !cohorts ? (
          error ? (
            <LoadError title="The cohorts could not be loaded." error={error} onRetry={retry} compact />
          ) : (
            <SkeletonLines count={8} />
          )
        ) : !hasCustomers ? (
          <EmptyChart title="No customers in these months yet">
            Each month's new customers become a row here, showing how many of them come back month after month.
          </EmptyChart>
        ) : view === "chart" ? (
          <CohortHeatMap cohorts={cohorts} />
        ) : (
          <CohortCountsTable cohorts={cohorts} />
        )
      }
    </ChartCard>
  );
}

function csvRows(cohorts: Cohort[]) {
  return [
    ["Cohort", "Customers", ...MONTHS_AFTER.map((monthsAfter) => `Month ${monthsAfter}`)],
    ...cohorts.map((cohort) => [cohort.cohort, cohort.customers, ...MONTHS_AFTER.map((monthsAfter) => cohort.active[monthsAfter] ?? "")]),
  ];
}

/** The cell pointed at or focused: its counts are written under the map. */
interface ShownCell {
  cohort: Cohort;
  monthsAfter: number;
}

function CohortHeatMap({ cohorts }: { cohorts: Cohort[] }) {
  const [shown, setShown] = useState<ShownCell | null>(null);

  return (
    <div className="space-y-3">
      <div className="overflow-x-auto" onMouseLeave={() => setShown(null)}>
        <table className="w-full min-w-[720px] border-separate border-spacing-0.5 text-center text-xs tabular-nums" data-testid="cohort-heat-map">
          <caption className="sr-only">Share of each cohort ordering in each month after its first order</caption>
          <CohortHeader />
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.cohort} data-testid="cohort-row" data-cohort={cohort.cohort}>
                <CohortRowHeader cohort={cohort} />
                {MONTHS_AFTER.map((monthsAfter) => {
                  const share = cohortShare(cohort, monthsAfter);
                  if (share === null) return <td key={monthsAfter} aria-label="Not yet" />;
                  const description = cellSentence(cohort, monthsAfter);
                  return (
                    <td
                      key={monthsAfter}
                      tabIndex={0}
                      title={description}
                      aria-label={description}
                      className={`rounded px-1 py-2 font-medium outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${heatClass(share)}`}
                      onMouseEnter={() => setShown({ cohort, monthsAfter })}
                      onFocus={() => setShown({ cohort, monthsAfter })}
                      data-testid="cohort-cell"
                    >
                      {formatShare(share)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="min-h-5 text-xs text-slate-600" aria-live="polite" data-testid="cohort-hover">
        {shown ? cellSentence(shown.cohort, shown.monthsAfter) : "Point at a cell to see how many customers it counts."}
      </p>
    </div>
  );
}

function CohortCountsTable({ cohorts }: { cohorts: Cohort[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-right text-sm tabular-nums" data-testid="cohort-table">
        <caption className="sr-only">Customers of each cohort ordering in each month after their first order</caption>
        <CohortHeader />
        <tbody className="divide-y divide-slate-100">
          {cohorts.map((cohort) => (
            <tr key={cohort.cohort}>
              <CohortRowHeader cohort={cohort} />
              {MONTHS_AFTER.map((monthsAfter) => (
                <td key={monthsAfter} className="px-2 py-2 text-slate-700">
                  {cohort.active[monthsAfter] === undefined ? "" : formatCount(cohort.active[monthsAfter])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CohortHeader() {
  return (
    <thead className="text-xs font-semibold text-slate-500">
      <tr>
        <td />
        <th scope="colgroup" colSpan={COHORT_MONTHS_SHOWN} className="px-2 pt-1 text-left font-medium">
          Months since the first order
        </th>
      </tr>
      <tr>
        <th scope="col" className="px-2 py-2 text-left">
          First order
        </th>
        {MONTHS_AFTER.map((monthsAfter) => (
          <th key={monthsAfter} scope="col" className="px-2 py-2 text-center">
            {monthsAfter}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function CohortRowHeader({ cohort }: { cohort: Cohort }) {
  return (
    <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
      <span className="block font-medium text-slate-900">{formatMonth(cohort.cohort)}</span>
      <span className="block text-xs text-slate-500">{formatCountOf(cohort.customers, "customer")}</span>
    </th>
  );
}

/** 'Apr 2025 cohort, 3 months later: 21 of 50 customers ordered (42%)' */
function cellSentence(cohort: Cohort, monthsAfter: number): string {
  const active = cohort.active[monthsAfter] ?? 0;
  const when = monthsAfter === 0 ? "their first month" : `${formatCountOf(monthsAfter, "month")} later`;
  return `${formatMonth(cohort.cohort)} cohort, ${when}: ${formatCount(active)} of ${formatCountOf(cohort.customers, "customer")} ordered (${formatShare(
    cohortShare(cohort, monthsAfter) ?? 0,
  )})`;
}
