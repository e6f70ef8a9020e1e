import type { BackfillRun } from "../../api/backfill";
import { describeFailure } from "../../api/client";
import { Link } from "wouter";
import { formatCount, formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { RefreshIcon } from "../../ui/icons";
import { Spinner } from "../../ui/Spinner";
import { backfillBadge } from "./status-badges";
import { StatusBadge } from "../../ui/StatusBadge";

export interface BackfillRunSummaryProps {
  run: BackfillRun;
  /** A refresh of the run failed: what is shown may be out of date, and a running one is no longer followed. */
  refreshError: unknown;
  onRetry: () => void;
}

/** How far the running backfill has got, or what the last one did and why it stopped. */
export function BackfillRunSummary({ run, refreshError, onRetry }: BackfillRunSummaryProps) {
  const isRunning = run.state === "running";
  return (
    <section aria-label={isRunning ? "Running backfill" : "Last backfill"} className="rounded-lg border border-slate-200" data-testid="backfill-status" data-state={run.state}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{isRunning ? "Running backfill" : "Last backfill"}</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            Last {run.days} {run.days === 1 ? "day" : "days"}, started from {run.trigger === "cli" ? "the command line" : "the dashboard"}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {isRunning && <Spinner className="size-4" />}
          <StatusBadge badge={backfillBadge(run.state)} state={run.state} testId="backfill-state" />
        </div>
      </div>
      <dl aria-live={isRunning ? "polite" : undefined} className="grid grid-cols-2 gap-x-6 gap-y-4 px-4 py-4 sm:grid-cols-4">
        <Figure label="Pages" value={formatCount(run.pages)} testId="backfill-pages" />
        <Figure label="Orders created" value={formatCount(run.ordersCreated)} testId="backfill-orders-created" />
        <Figure label="Orders updated" value={formatCount(run.ordersUpdated)} testId="backfill-orders-updated" />
        <Figure label="Accounts created" value={formatCount(run.accountsCreated)} testId="backfill-accounts-created" />
        <Figure label="Started" value={formatUsDateTime(run.startedAt)} testId="backfill-started-at" wide />
        <Figure label="Finished" value={run.finishedAt ? formatUsDateTime(run.finishedAt) : "—"} testId="backfill-finished-at" wide />
      </dl>
      {run.ordersUnmatched > 0 && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-700" data-testid="backfill-orders-unmatched">
          {formatCountOf(run.ordersUnmatched, "order")} without a customer e-mail{" "}
          <Link href="/unmatched-orders" className="font-medium text-blue-600 hover:underline">
            wait in Unmatched Orders
          </Link>
          .
        </p>
      )}
      {run.error && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm break-words text-red-700" data-testid="backfill-error">
          {run.error}
        </p>
      )}
      {refreshError !== undefined && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 bg-red-50/60 px-4 py-2 text-sm text-red-700" data-testid="backfill-refresh-error">
          <span>The backfill could not be refreshed. {describeFailure(refreshError).message}</span>
          <Button size="sm" icon={RefreshIcon} onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
    </section>
  );
}

/** Grey bars where the latest backfill will show. */
export function BackfillRunSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the latest backfill" className="rounded-lg border border-slate-200 px-4 py-4" data-testid="backfill-loading">
      <span aria-hidden="true" className="block h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div aria-hidden="true" className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <span key={index} className="block h-9 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

function Figure({ label, value, testId, wide = false }: { label: string; value: string; testId: string; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
