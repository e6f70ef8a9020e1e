import { useId } from "react";
import type { WebhookEventSummary } from "../../api/settings";
import { formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { AlertCircleIcon } from "../../ui/icons";

/** Webhook calls still waiting to be processed, and the latest ones given up on with their reason; nothing when all went well. */
export function WebhookEventsPanel({ events }: { events: WebhookEventSummary }) {
  const titleId = useId();
  if (events.pending === 0 && events.failed === 0) return null;
  const hasFailures = events.failed > 0;

  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-lg border px-4 py-3 ${hasFailures ? "border-red-200 bg-red-50/60" : "border-amber-200 bg-amber-50/60"}`}
      data-testid="webhook-events"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <AlertCircleIcon className={`size-4 ${hasFailures ? "text-red-600" : "text-amber-600"}`} />
        Webhook events
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        <span data-testid="webhook-events-pending">{formatCountOf(events.pending, "pending event")}</span>
        {" · "}
        <span data-testid="webhook-events-failed">{formatCountOf(events.failed, "failed event")}</span>
      </p>
      {events.pending > 0 && <p className="mt-1 text-xs text-slate-500">Pending events are processed in the background and retried when ShipStation cannot be reached.</p>}
      {events.recentFailures.length > 0 && (
        <ul aria-label="Recent failures" className="mt-3 divide-y divide-red-100 rounded-md border border-red-100 bg-white">
          {events.recentFailures.map((failure) => (
            <li key={failure.id} className="px-3 py-2 text-sm" data-testid="webhook-failure">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-mono text-xs font-medium text-slate-700">{failure.resourceType}</span>
                <time dateTime={failure.receivedAt} className="text-xs text-slate-500">
                  Received {formatUsDateTime(failure.receivedAt)}
                </time>
              </div>
              <p className="mt-0.5 break-words text-red-700">{failure.lastError ?? "No reason recorded"}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
