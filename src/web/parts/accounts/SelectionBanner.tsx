import { formatCount } from "../../format/count";
import type { SelectionBanner as Banner } from "./account-selection";

const LINK_CLASS =
  "rounded font-semibold text-blue-700 hover:text-blue-800 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none";

/** Once a whole page is ticked: the offer to take every matching account over all pages, and the way back. */
export function SelectionBanner({ banner, onSelectAllMatching, onClear }: { banner: NonNullable<Banner>; onSelectAllMatching: () => void; onClear: () => void }) {
  return (
    <p className="border-b border-blue-100 bg-blue-50/40 px-4 py-2 text-center text-sm text-slate-700" data-testid="selection-banner">
      {banner.kind === "offerAllMatching" ? (
        <>
          All {formatCount(banner.onPage)} on this page are selected.{" "}
          <button type="button" className={LINK_CLASS} onClick={onSelectAllMatching} data-testid="select-all-matching">
            Select all {formatCount(banner.total)} matching
          </button>
        </>
      ) : (
        <>
          All {formatCount(banner.total)} matching are selected.{" "}
          <button type="button" className={LINK_CLASS} onClick={onClear} data-testid="clear-selection">
            Clear selection
          </button>
        </>
      )}
    </p>
  );
}
