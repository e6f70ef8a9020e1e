import { formatReorderTiming } from "../format/reorder-bands";

/** When the next order is due, 'in 6 days', 'today' or '3 days overdue' (in red): the radar's Due column and an account's badge. */
export function ReorderTiming({ daysOverdue }: { daysOverdue: number }) {
  const tone = daysOverdue > 0 ? "font-medium text-red-700" : daysOverdue === 0 ? "text-slate-700" : "text-slate-500";
  return (
    <span className={`whitespace-nowrap tabular-nums ${tone}`} data-testid="reorder-timing">
      {formatReorderTiming(daysOverdue)}
    </span>
  );
}
