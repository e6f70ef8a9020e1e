import { useId } from "react";
import { Link } from "wouter";
import { useRefreshAccounts } from "../../api/accounts";
import { describeFailure } from "../../api/client";
import { dismissDuplicate, useDuplicateCandidates, type DuplicateCandidate } from "../../api/duplicates";
import { useWrite } from "../../ui/use-write";
import { formatCountOf } from "../../format/count";
import { Button } from "../../ui/Button";
import { AlertTriangleIcon, MergeIcon, RefreshIcon } from "../../ui/icons";
import { accountDetailsLine, matchLabel } from "./merge-plan";

export interface DuplicateBannerProps {
  accountId: number;
  /** Opens the merge dialog with this account and the candidate picked. */
  onMerge: (candidate: DuplicateCandidate) => void;
}

/**
 * 'Potential Duplicate Detected' at the top of an account: its best possible duplicate, why they look
 * alike, and what to do about it. 'Not a duplicate' moves on to the next candidate; nothing shows when none is left.
 */
export function DuplicateBanner({ accountId, onMerge }: DuplicateBannerProps) {
  const { candidates, error, retry } = useDuplicateCandidates(accountId);
  // The next candidate, the list's badges and the count all change: the buttons come back once they are read again.
  const dismissal = useWrite({ refresh: useRefreshAccounts(), failureTitle: "Could not mark as not a duplicate" });
  const headingId = useId();

  if (!candidates) {
    // Loading shows nothing: most accounts have no duplicate, and the banner would only flash.
    return error ? <CandidatesLoadError error={error} onRetry={retry} /> : null;
  }
  const [best, ...others] = candidates;
  if (!best) return null;
  const other = best.account;
  const isDismissing = dismissal.isPending;
  const details = accountDetailsLine(other);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:flex-row sm:items-start"
      data-testid="duplicate-banner"
      data-other-account-id={other.id}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-600">
        <AlertTriangleIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold text-amber-950">
            Potential Duplicate Detected
          </h2>
          <span className="rounded-full bg-amber-200/80 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums" data-testid="duplicate-banner-score">
            {matchLabel(best.score)}
          </span>
        </div>
        {/* An e-mail or a domain has no space to wrap at: on a phone it breaks anywhere rather than run past the card. */}
        <p className="mt-1 text-sm wrap-anywhere text-amber-900">
          This account may be the same customer as{" "}
          <Link
            href={`/accounts/${other.id}`}
            className="font-semibold underline decoration-amber-400 underline-offset-2 hover:text-amber-950 hover:decoration-amber-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            data-testid="duplicate-banner-link"
          >
            {other.name}
          </Link>
          <span className="text-amber-800">{` (${[details, formatCountOf(other.orderCount, "order")].filter(Boolean).join(" · ")})`}</span>.
        </p>
        {best.reasons.length > 0 && (
          <ul aria-label="Why they look alike" className="mt-2 flex flex-wrap gap-1.5" data-testid="duplicate-banner-reasons">
            {best.reasons.map((reason) => (
              <li
                key={reason}
                className="min-w-0 rounded-md bg-white/70 px-2 py-0.5 text-xs wrap-anywhere text-amber-900 ring-1 ring-amber-200 ring-inset"
                data-testid="duplicate-banner-reason"
              >
                {reason}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <p className="mt-2 text-xs text-amber-800" data-testid="duplicate-banner-more">
            {formatCountOf(others.length, "more possible duplicate")} after this one.
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="primary" icon={MergeIcon} onClick={() => onMerge(best)} disabled={isDismissing} data-testid="duplicate-banner-merge">
          Merge
        </Button>
        <Button size="sm" onClick={() => void dismissal.run(() => dismissDuplicate(accountId, other.id))} disabled={isDismissing} data-testid="duplicate-banner-dismiss">
          {isDismissing ? "Saving..." : "Not a duplicate"}
        </Button>
      </div>
    </section>
  );
}

/** A slim notice in the banner's place: the account itself loaded, so a whole-card error would be too loud. */
function CandidatesLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm"
      data-testid="duplicate-banner-error"
    >
      <p className="text-red-800">
        Possible duplicates could not be checked.{" "}
        <span className="text-red-700">{describeFailure(error).message}</span>
      </p>
      <Button size="sm" icon={RefreshIcon} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
