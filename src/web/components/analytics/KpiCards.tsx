import { Bones } from "../../ui/Bones";
import type { PeriodComparison } from "../../../contracts/analytics.ts";
import { useAnalyticsSummary, type Period, type PeriodFigures } from "../../api/analytics";
import { formatCount } from "../../format/count";
import { formatUsCalendarDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { LoadError } from "../../ui/LoadError";
import { changeFrom, formatChange } from "./figures";
import { dimmedWhile } from "../../ui/dimmed-while";

type FigureKey = Exclude<keyof PeriodFigures, "from" | "to">;

const KPIS: readonly { key: FigureKey; label: string; format: (value: number) => string }[] = [
  { key: "revenue", label: "Revenue", format: formatDollars },
  { key: "orders", label: "Orders", format: formatCount },
  { key: "customers", label: "Customers who ordered", format: formatCount },
  { key: "newCustomers", label: "New customers", format: formatCount },
  { key: "repeatCustomers", label: "Repeat customers", format: formatCount },
  { key: "averageOrderValue", label: "Average order value", format: formatDollars },
];

/** What the server set the period against (the contract's PERIOD_COMPARISONS), as a sentence ends. */
const COMPARISON_NAMES: Readonly<Record<PeriodComparison, string>> = {
  "previous-period": "the previous period of equal length",
  "same-days-last-year": "the same days last year",
};

/** The period's six figures, each beside the period the server compared it with. */
export function KpiCards({ period }: { period: Period }) {
  const { data: summary, error, isValidating, retry } = useAnalyticsSummary(period);

  if (!summary && error) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <LoadError title="The figures could not be loaded." error={error} onRetry={retry} compact testId="kpi-error" />
      </div>
    );
  }

  const comparedWith = summary && COMPARISON_NAMES[summary.comparedWith];
  const previousRange = summary && `${formatUsCalendarDate(summary.previous.from)} – ${formatUsCalendarDate(summary.previous.to)}`;
  return (
    <section aria-label="Figures for the period" aria-busy={!summary || isValidating} className="space-y-2" data-testid="kpi-cards">
      <ul className={`grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6 ${dimmedWhile(summary !== undefined && isValidating)}`}>
        {KPIS.map(({ key, label, format }) =>
          summary ? (
            <KpiCard
              key={key}
              figure={key}
              label={label}
              value={format(summary[key])}
              previousValue={format(summary.previous[key])}
              change={changeFrom(summary[key], summary.previous[key])}
              comparedWith={COMPARISON_NAMES[summary.comparedWith]}
            />
          ) : (
            <PlaceholderCard key={key} />
          ),
        )}
      </ul>
      {previousRange && (
        <p className="text-xs text-slate-500" data-testid="kpi-previous-period">
          Changes are against {comparedWith}, {previousRange}.
        </p>
      )}
    </section>
  );
}

interface KpiCardProps {
  figure: FigureKey;
  label: string;
  value: string;
  previousValue: string;
  change: number | null;
  /** 'the same days last year' */
  comparedWith: string;
}

function KpiCard({ figure, label, value, previousValue, change, comparedWith }: KpiCardProps) {
  const tone = change === null || change === 0 ? "bg-slate-100 text-slate-600" : change > 0 ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700";
  const arrow = change === null || change === 0 ? "" : change > 0 ? "▲ " : "▼ ";
  return (
    <li className="@container min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid="kpi-card" data-figure={figure}>
      <p className="text-xs font-medium text-slate-500">{label}</p>
      {/*
        Never wrapped inside a number: its size follows the card's width (11cqi, up to the 20 px it has room for
        on wide screens). A figure as long as '$12,345,678.90' is under 9 times its size wide even in a broad
        bold font, so it fits six cards a row at 1280 px and two on a phone.
      */}
      <p className="mt-1 text-[length:clamp(0.75rem,11cqi,1.25rem)] font-semibold whitespace-nowrap text-slate-900 tabular-nums" data-testid="kpi-value">
        {value}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className={`rounded-full px-1.5 py-0.5 font-medium whitespace-nowrap tabular-nums ${tone}`} data-testid="kpi-change">
          <span aria-hidden="true">{arrow}</span>
          {formatChange(change)}
          <span className="sr-only">{change === null ? ` (no figure for ${comparedWith})` : ` against ${comparedWith}`}</span>
        </span>
        <span className="text-slate-500">
          from <span className="whitespace-nowrap tabular-nums">{previousValue}</span>
        </span>
      </p>
    </li>
  );
}

function PlaceholderCard() {
  return (
    <li aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid="kpi-card-placeholder">
      <Bones bars={["h-3 w-24 bg-slate-200", "mt-2 h-7 w-20 bg-slate-200", "mt-2 h-4 w-28 bg-slate-100"]} />
    </li>
  );
}
