import { useDuplicateSummary } from "../../api/duplicates";
import { formatCount } from "../../format/count";
import { IconButton } from "../../ui/Button";
import { CopyIcon, RefreshIcon } from "../../ui/icons";

export interface DuplicatesToggleProps {
  /** Whether the list shows only the accounts that may be duplicates. */
  pressed: boolean;
  onChange: (pressed: boolean) => void;
}

/** 'Potential Duplicates': narrows the accounts list to possible duplicates; its badge counts them all. */
export function DuplicatesToggle({ pressed, onChange }: DuplicatesToggleProps) {
  const { count, error, retry } = useDuplicateSummary();

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-pressed={pressed}
        onClick={() => onChange(!pressed)}
        data-testid="duplicates-toggle"
        className={`inline-flex h-[38px] items-center gap-2 rounded-lg border px-3 text-sm font-medium whitespace-nowrap shadow-sm transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1 focus-visible:outline-none ${
          pressed ? "border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        <CopyIcon className={`size-4 shrink-0 ${pressed ? "text-amber-600" : "text-slate-500"}`} />
        Potential Duplicates
        {count !== undefined ? (
          <span
            className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs leading-4 font-semibold tabular-nums ${
              count > 0 ? "bg-amber-500 text-white" : "bg-slate-100 text-slate-500"
            }`}
            data-testid="duplicates-count"
            data-count={count}
          >
            {formatCount(count)}
            <span className="sr-only"> {count === 1 ? "account" : "accounts"}</span>
          </span>
        ) : (
          !error && <span aria-hidden="true" className="h-5 w-6 animate-pulse rounded-full bg-slate-200" data-testid="duplicates-count-loading" />
        )}
      </button>
      {error !== undefined && (
        <IconButton
          label="The count of potential duplicates could not be loaded. Retry"
          icon={RefreshIcon}
          onClick={retry}
          className="text-red-600"
          data-testid="duplicates-count-retry"
        />
      )}
    </div>
  );
}
