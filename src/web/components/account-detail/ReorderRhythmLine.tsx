import type { ReorderRhythm } from "../../api/analytics";
import { isReorderOverdue, rhythmSentence } from "../analytics/reorder-bands";

/** 'Orders about every 21 days; next expected 12/03/2026', and a badge once the next order is due or late. */
export function ReorderRhythmLine({ rhythm }: { rhythm: ReorderRhythm }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="reorder-rhythm">
      <span data-testid="reorder-rhythm-text">{rhythmSentence(rhythm)}</span>
      {isReorderOverdue(rhythm.status) && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800" data-testid="reorder-overdue-badge" data-status={rhythm.status}>
          Reorder overdue
        </span>
      )}
    </p>
  );
}
