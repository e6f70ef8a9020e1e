import type { CsvImportCounts } from "../../api/account-import";
import { formatCount } from "../../format/count";
import { buttonClassName } from "../../ui/Button";
import { AlertCircleIcon, CheckCircleIcon, FileSpreadsheetIcon } from "../../ui/icons";
import type { ImportOutcome } from "./useCsvImport";

/** The 'complete' step: the server's message, the counts and the rows that could not be imported, every one of them to download. */
export function ImportOutcomeView({ outcome }: { outcome: ImportOutcome }) {
  return (
    <div className="space-y-4">
      {outcome.counts ? (
        <div role="status" className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800" data-testid="import-outcome" data-outcome="success">
          <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" />
          <p>{outcome.message}</p>
        </div>
      ) : (
        <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="import-outcome" data-outcome="failure">
          <AlertCircleIcon className="size-5 shrink-0 text-red-600" />
          <p>{outcome.message}</p>
        </div>
      )}
      {outcome.counts && <ImportSummary counts={outcome.counts} />}
      {outcome.counts && outcome.counts.customersChanged > 0 && <CustomerChanges counts={outcome.counts} />}
      {outcome.counts && outcome.counts.errors.length > 0 && <ImportErrors errors={outcome.counts.errors} />}
      {outcome.skippedRowsUrl && (
        <a href={outcome.skippedRowsUrl} download className={buttonClassName("secondary", "sm")} data-testid="download-skipped-rows">
          <FileSpreadsheetIcon className="size-4 shrink-0" />
          Download every skipped row (CSV, with line and reason)
        </a>
      )}
    </div>
  );
}

function ImportSummary({ counts }: { counts: CsvImportCounts }) {
  const figures = [
    { label: "Rows processed", value: counts.processed },
    { label: "Accounts created", value: counts.created },
    { label: "Accounts updated", value: counts.updated },
    { label: "Orders created", value: counts.ordersCreated },
    { label: "Orders updated", value: counts.ordersUpdated },
    { label: "Rows skipped", value: counts.skipped },
    ...(counts.customersChanged > 0 ? [{ label: "Orders moved to another customer", value: counts.customersChanged }] : []),
  ];
  return (
    <section aria-labelledby="import-summary-title" className="rounded-lg border border-slate-200 p-4" data-testid="import-summary">
      <h3 id="import-summary-title" className="text-sm font-semibold text-slate-900">
        Import Summary
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Known orders that now name another customer moved to that customer's account: never silently. */
function CustomerChanges({ counts }: { counts: CsvImportCounts }) {
  const unlisted = counts.customersChanged - counts.customerChanges.length;
  return (
    <section aria-labelledby="import-moves-title" data-testid="import-customer-changes">
      <h3 id="import-moves-title" className="text-sm font-semibold text-slate-900">
        Orders moved to another customer
      </h3>
      <ul tabIndex={0} aria-labelledby="import-moves-title" className="mt-2 max-h-40 space-y-1 overflow-y-auto rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-xs text-amber-900 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none">
        {counts.customerChanges.map((change, index) => (
          <li key={index} className="wrap-anywhere">
            <span className="font-medium">{change.orderNumber ? `#${change.orderNumber}` : "An order without a number"}</span>
            {change.store && <span className="text-amber-700"> ({change.store})</span>}: {change.from} → {change.to}
          </li>
        ))}
        {unlisted > 0 && <li>…and {formatCount(unlisted)} more</li>}
      </ul>
    </section>
  );
}

/** Why rows were skipped, the first of them as the server lists them. */
export function ImportErrors({ errors, title = "Skipped rows" }: { errors: string[]; title?: string }) {
  return (
    <section aria-labelledby="import-errors-title" data-testid="import-errors">
      <h3 id="import-errors-title" className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {/* Focusable so that keyboard users can scroll a long list. */}
      <ul
        tabIndex={0}
        aria-labelledby="import-errors-title"
        className="mt-2 max-h-40 space-y-1 overflow-y-auto rounded-lg border border-red-100 bg-red-50/50 p-3 font-mono text-xs text-red-800 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
      >
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </section>
  );
}
