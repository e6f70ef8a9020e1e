import { useState, type FormEvent } from "react";
import { DEFAULT_BACKFILL_DAYS, MAX_BACKFILL_DAYS, MIN_BACKFILL_DAYS, useLatestBackfill } from "../../api/backfill";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { HistoryIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { WholeNumberField } from "../../ui/TextField";
import { BackfillRunSkeleton, BackfillRunSummary } from "./BackfillRunSummary";
import { SettingsCard } from "../../ui/SettingsCard";

/** For admins: imports ShipStation's orders of the last days, and follows the running or latest import. */
export function BackfillCard() {
  const { backfill, error, retry, start } = useLatestBackfill();
  const [days, setDays] = useState(String(DEFAULT_BACKFILL_DAYS));
  const [byModified, setByModified] = useState(false);
  // Refused when one is already running (409), or when the credentials are missing or the days out of range (400).
  const { run, isPending: isStarting } = useWrite({ failureMessage: "Failed to start backfill process" });
  const isProcessing = isStarting || backfill?.state === "running";

  // The input's min, max and step are checked by the browser before this runs.
  async function startBackfill(event: FormEvent) {
    event.preventDefault();
    const dayCount = Number(days);
    const what = byModified ? `orders modified in the last ${dayCount} days` : `${dayCount} days`;
    await run(() => start(dayCount, byModified), { success: { title: "Backfill Started", description: `Historical data import for ${what} has been started.` } });
  }

  return (
    <SettingsCard title="Backfill Historical Data" description="Pull orders from the last 30-90 days" icon={HistoryIcon} testId="backfill-card">
      <form onSubmit={(event) => void startBackfill(event)} className="flex flex-wrap items-end gap-3">
        <WholeNumberField
          label="Days"
          min={MIN_BACKFILL_DAYS}
          max={MAX_BACKFILL_DAYS}
          value={days}
          onChange={setDays}
          disabled={isProcessing}
          className="w-32"
          data-testid="backfill-days"
        />
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={byModified}
            onChange={(event) => setByModified(event.target.checked)}
            disabled={isProcessing}
            className="size-4 accent-blue-600"
            data-testid="backfill-modified"
          />
          By date modified (picks up later cancellations)
        </label>
        <Button type="submit" variant="primary" disabled={isProcessing} data-testid="backfill-start">
          {isProcessing ? "Processing..." : "Start Backfill"}
        </Button>
      </form>
      {backfill === undefined ? (
        error ? (
          <LoadError title="The latest backfill could not be loaded." error={error} onRetry={retry} compact testId="backfill-load-error" />
        ) : (
          <BackfillRunSkeleton />
        )
      ) : backfill === null ? (
        <p className="text-sm text-slate-500" data-testid="backfill-none">
          No backfill has run yet.
        </p>
      ) : (
        <BackfillRunSummary run={backfill} refreshError={error} onRetry={retry} />
      )}
    </SettingsCard>
  );
}
