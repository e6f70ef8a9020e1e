import type { ReorderRhythm } from "../../api/analytics";
import { REORDER_BAND_BADGE_CLASSES, REORDER_BAND_LABELS, reorderBandOf, rhythmSentence } from "../../format/reorder-bands";
import { ReorderTiming } from "../../ui/ReorderTiming";

/**
 * 'Orders about every 21 days; next expected 12/03/2026', and once the account is in a band, the band the
 * radar lists it in with when its order is due, in the radar's words: 'Due in 6 days', 'At risk 20 days overdue'.
 */
export function ReorderRhythmLine({ rhythm }: { rhythm: ReorderRhythm }) {
  const band = reorderBandOf(rhythm.status);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="reorder-rhythm">
      <span data-testid="reorder-rhythm-text">{rhythmSentence(rhythm)}</span>
      {band && (
        <span className="inline-flex items-center gap-1.5">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${REORDER_BAND_BADGE_CLASSES[band]}`} data-testid="reorder-band-badge" data-status={band}>
            {REORDER_BAND_LABELS[band]}
          </span>
          <ReorderTiming daysOverdue={rhythm.daysOverdue} />
        </span>
      )}
    </p>
  );
}
