import { useId } from "react";
import type { BulkAssignOutcome } from "../../api/lists";
import { formatCount } from "../../format/count";
import { Button } from "../../ui/Button";
import { CheckCircleIcon, CopyIcon } from "../../ui/icons";
import { useCopyWithToast } from "../../ui/CopyableValue";
import { matchedPercent, matchSummaryText } from "./bulk-assignment";

/** Thousands of addresses would make the dialog slow to open; the rest can still be copied. */
const NOT_FOUND_SHOWN = 1000;

/** What a bulk assignment did: accounts updated and found, how many e-mails matched, and those that did not. */
export function BulkAssignmentResult({ outcome }: { outcome: BulkAssignOutcome }) {
  const copy = useCopyWithToast();
  const { totalEmails, emailsMatched, accountsFound, accountsUpdated, notFoundEmails } = outcome.results;
  const percent = matchedPercent(emailsMatched, totalEmails);
  const notFoundHeadingId = useId();

  return (
    <div className="space-y-5" data-testid="bulk-result">
      <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="bulk-result-message">
        <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
        {outcome.message}
      </p>

      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Accounts Updated" value={accountsUpdated} testId="bulk-accounts-updated" />
        <Figure label="Accounts Found" value={accountsFound} testId="bulk-accounts-found" />
      </dl>

      <div>
        <div
          role="progressbar"
          aria-label="E-mails matched"
          aria-valuemin={0}
          aria-valuemax={totalEmails}
          aria-valuenow={emailsMatched}
          aria-valuetext={`${percent}%`}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          data-testid="bulk-match-progress"
        >
          <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-600" data-testid="bulk-match-summary">
          {matchSummaryText(outcome.results)}
        </p>
      </div>

      {notFoundEmails.length > 0 && (
        <section aria-labelledby={notFoundHeadingId}>
          <div className="mb-2 flex items-center justify-between gap-3">
            <h3 id={notFoundHeadingId} className="text-sm font-medium text-slate-900">
              Not found ({formatCount(notFoundEmails.length)})
            </h3>
            <Button size="sm" variant="ghost" icon={CopyIcon} onClick={() => void copy(notFoundEmails.join("\n"), "The e-mails could not be copied.")} data-testid="bulk-copy-not-found">
              Copy all
            </Button>
          </div>
          <ul
            tabIndex={0}
            aria-labelledby={notFoundHeadingId}
            className="max-h-40 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs leading-6 text-slate-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            data-testid="bulk-not-found-emails"
          >
            {notFoundEmails.slice(0, NOT_FOUND_SHOWN).map((email) => (
              <li key={email} className="truncate" title={email}>
                {email}
              </li>
            ))}
            {notFoundEmails.length > NOT_FOUND_SHOWN && (
              <li className="font-sans text-slate-500 italic">and {formatCount(notFoundEmails.length - NOT_FOUND_SHOWN)} more; use Copy all to get every one.</li>
            )}
          </ul>
        </section>
      )}
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {formatCount(value)}
      </dd>
    </div>
  );
}
