import { useCallback, useId, useState } from "react";
import { formatCompactCount, formatCount, formatCountOf } from "../../format/count";
import { formatCompactDollars, formatDollars } from "../../format/money";
import { axisScale, positionOn } from "./chart-scale";
import type { MonthRevenue } from "./figures";
import { formatMonth } from "./period";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../useMediaQuery";

// The drawing's own units; the SVG scales to its box, which is never narrower than MIN_WIDTH_CLASS.
const WIDTH = 760;
const HEIGHT = 280;
// The gutters hold the axes' compact labels ('$1.25M' at the left, '12.5K' at the right) with room to spare.
const MARGIN = { top: 16, right: 52, bottom: 36, left: 60 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
/** 24 bars stay readable down to this width; a narrower screen scrolls the chart sideways. */
const MIN_WIDTH_CLASS = "min-w-[600px]";
/** Every third month is named under the axis: all 24 names would overlap. */
const MONTH_LABEL_EVERY = 3;

/**
 * Revenue by month as stacked bars, new customers' at the bottom and returning customers' above, with the
 * orders as a line on their own axis at the right. Pointing at or focusing a month shows its figures: over
 * the chart on wide screens; on a phone, where the chart scrolls sideways in its card and a box over it
 * would hide most of it, under the chart. There the chart opens scrolled to its latest months.
 */
export function MonthlyRevenueChart({ months }: { months: MonthRevenue[] }) {
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const titleId = useId();
  const revenueAxis = axisScale(Math.max(0, ...months.map((month) => month.revenue)));
  const ordersAxis = axisScale(Math.max(0, ...months.map((month) => month.orders)), { wholeNumbers: true });
  const band = PLOT_WIDTH / Math.max(1, months.length);
  const barWidth = band * 0.64;
  const centreOf = (index: number) => MARGIN.left + band * index + band / 2;
  const yOf = (value: number, axis: typeof revenueAxis) => MARGIN.top + PLOT_HEIGHT - positionOn(axis, value, PLOT_HEIGHT);
  const ordersLine = months.map((month, index) => `${centreOf(index).toFixed(1)},${yOf(month.orders, ordersAxis).toFixed(1)}`).join(" ");
  const shown = shownIndex === null ? undefined : months[shownIndex];
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  // Once, not on every month pointed at: the phone's chart opens on its latest months, at the right.
  const scrolledToLatest = useCallback(
    (scroller: HTMLDivElement | null) => {
      if (scroller && !isWide) scroller.scrollLeft = scroller.scrollWidth;
    },
    [isWide],
  );

  return (
    <div className="space-y-3">
      <ChartLegend />
      <div
        className="overflow-x-auto"
        ref={scrolledToLatest}
        data-testid="monthly-chart-scroller"
      >
        <div className={`relative ${MIN_WIDTH_CLASS}`} onMouseLeave={() => setShownIndex(null)}>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="block h-auto w-full" role="group" aria-labelledby={titleId} data-testid="monthly-chart">
            <title id={titleId}>Revenue by month from new and returning customers, with orders</title>
            {revenueAxis.ticks.map((tick) => (
              <g key={`revenue-${tick}`}>
                <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yOf(tick, revenueAxis)} y2={yOf(tick, revenueAxis)} className="stroke-slate-200" strokeWidth={1} />
                <text x={MARGIN.left - 8} y={yOf(tick, revenueAxis)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-xs">
                  {formatCompactDollars(tick)}
                </text>
              </g>
            ))}
            {ordersAxis.ticks.map((tick) => (
              <text key={`orders-${tick}`} x={WIDTH - MARGIN.right + 8} y={yOf(tick, ordersAxis)} dy="0.32em" className="fill-amber-700 text-xs">
                {formatCompactCount(tick)}
              </text>
            ))}
            {months.map((month, index) => {
              const x = centreOf(index) - barWidth / 2;
              const newTop = yOf(month.newCustomerRevenue, revenueAxis);
              const totalTop = yOf(month.newCustomerRevenue + month.returningCustomerRevenue, revenueAxis);
              const isShown = index === shownIndex;
              return (
                <g key={month.month}>
                  {isShown && <rect x={MARGIN.left + band * index} y={MARGIN.top} width={band} height={PLOT_HEIGHT} className="fill-slate-100" />}
                  <rect x={x} y={newTop} width={barWidth} height={MARGIN.top + PLOT_HEIGHT - newTop} className="fill-blue-600" />
                  <rect x={x} y={totalTop} width={barWidth} height={newTop - totalTop} className="fill-sky-300" />
                  {index % MONTH_LABEL_EVERY === (months.length - 1) % MONTH_LABEL_EVERY && (
                    <text x={centreOf(index)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" className="fill-slate-500 text-xs">
                      {formatMonth(month.month)}
                    </text>
                  )}
                </g>
              );
            })}
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={MARGIN.top + PLOT_HEIGHT} y2={MARGIN.top + PLOT_HEIGHT} className="stroke-slate-300" strokeWidth={1} />
            <polyline points={ordersLine} fill="none" className="stroke-amber-500" strokeWidth={2} strokeLinejoin="round" />
            {months.map((month, index) => (
              <circle key={month.month} cx={centreOf(index)} cy={yOf(month.orders, ordersAxis)} r={index === shownIndex ? 4 : 2.5} className="fill-amber-500 stroke-white" strokeWidth={1} />
            ))}
            {/* Last, so that they lie over everything: each month's whole column answers the pointer and the keyboard. */}
            {months.map((month, index) => (
              <rect
                key={month.month}
                x={MARGIN.left + band * index}
                y={MARGIN.top}
                width={band}
                height={PLOT_HEIGHT}
                fill="transparent"
                tabIndex={0}
                role="img"
                aria-label={monthSentence(month)}
                className="cursor-crosshair outline-none focus-visible:stroke-blue-500"
                strokeWidth={2}
                onMouseEnter={() => setShownIndex(index)}
                onFocus={() => setShownIndex(index)}
                onBlur={() => setShownIndex(null)}
                data-testid="monthly-chart-month"
                data-month={month.month}
              />
            ))}
          </svg>
          {isWide && shown && shownIndex !== null && <MonthTooltip month={shown} leftPercent={(centreOf(shownIndex) / WIDTH) * 100} />}
        </div>
      </div>
      {!isWide &&
        (shown ? (
          <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs" data-testid="monthly-tooltip">
            <MonthFigures month={shown} />
          </div>
        ) : (
          <p className="text-xs text-slate-500">Tap a month to see its figures.</p>
        ))}
    </div>
  );
}

function ChartLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2.5 rounded-sm bg-blue-600" />
        New customers' revenue
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2.5 rounded-sm bg-sky-300" />
        Returning customers' revenue
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="h-0.5 w-4 rounded bg-amber-500" />
        Orders (right axis)
      </li>
    </ul>
  );
}

/** The month's figures over the chart, beside its column; kept inside the chart near the edges. */
function MonthTooltip({ month, leftPercent }: { month: MonthRevenue; leftPercent: number }) {
  const side = leftPercent < 25 ? "translate-x-2" : leftPercent > 75 ? "-translate-x-[calc(100%+0.5rem)]" : "-translate-x-1/2";
  return (
    <div
      role="status"
      className={`pointer-events-none absolute top-2 w-60 rounded-lg border border-slate-200 bg-white/95 p-3 text-xs shadow-lg ${side}`}
      style={{ left: `${leftPercent}%` }}
      data-testid="monthly-tooltip"
    >
      <MonthFigures month={month} />
    </div>
  );
}

function MonthFigures({ month }: { month: MonthRevenue }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{formatMonth(month.month)}</p>
      <dl className="mt-1.5 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-slate-600">
        <dt>Revenue</dt>
        <dd className="text-right font-medium text-slate-900 tabular-nums">{formatDollars(month.revenue)}</dd>
        <dt>New customers</dt>
        <dd className="text-right tabular-nums">{formatDollars(month.newCustomerRevenue)}</dd>
        <dt>Returning customers</dt>
        <dd className="text-right tabular-nums">{formatDollars(month.returningCustomerRevenue)}</dd>
        <dt>Orders</dt>
        <dd className="text-right tabular-nums">{formatCount(month.orders)}</dd>
        <dt>Customers</dt>
        <dd className="text-right tabular-nums">
          {formatCount(month.customers)} ({formatCount(month.newCustomers)} new)
        </dd>
      </dl>
    </>
  );
}

/** What a screen reader says of a month's column. */
function monthSentence(month: MonthRevenue): string {
  return `${formatMonth(month.month)}: revenue ${formatDollars(month.revenue)}, ${formatDollars(month.newCustomerRevenue)} from new customers and ${formatDollars(
    month.returningCustomerRevenue,
  )} from returning customers; ${formatCountOf(month.orders, "order")}`;
}
