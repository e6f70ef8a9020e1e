import { useMemo } from "react";
import { useSearchParams } from "wouter";
import { DEFAULT_COHORT_MONTHS, DEFAULT_MONTHLY_MONTHS } from "../../contracts/analytics.ts";
import { CohortRetentionCard } from "../components/analytics/CohortRetentionCard";
import { KpiCards } from "../components/analytics/KpiCards";
import { MonthlyRevenueCard } from "../components/analytics/MonthlyRevenueCard";
import { monthsUpTo, periodOf, searchFromSelection, selectionFromSearch, type PeriodSelection } from "../components/analytics/period";
import { PeriodPicker } from "../components/analytics/PeriodPicker";
import { ReorderRadar } from "../components/analytics/ReorderRadar";
import { TopProductsCard } from "../components/analytics/TopProductsCard";
import { businessToday } from "../format/dates";

/**
 * How revenue and customers move, and who is due to reorder. The period, kept in the URL, sets the figures
 * and the top products; the monthly chart and the cohorts always cover the months up to this one.
 * Loaded only when opened (screen-routes.ts), charts included.
 */
export function AnalyticsScreen() {
  const today = businessToday();
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = useMemo(() => selectionFromSearch(searchParams, today), [searchParams, today]);
  const period = periodOf(selection, today);

  function show(next: PeriodSelection) {
    setSearchParams(searchFromSelection(next));
  }

  return (
    <section data-testid="analytics-screen" className="space-y-6">
      <div className="space-y-4">
        <PeriodPicker selection={selection} period={period} today={today} onChange={show} />
        <KpiCards period={period} />
      </div>
      <div className="grid items-start gap-6 xl:grid-cols-5">
        <MonthlyRevenueCard range={monthsUpTo(today, DEFAULT_MONTHLY_MONTHS)} className="xl:col-span-3" />
        <TopProductsCard period={period} className="xl:col-span-2" />
      </div>
      <ReorderRadar />
      <CohortRetentionCard range={monthsUpTo(today, DEFAULT_COHORT_MONTHS)} />
    </section>
  );
}
