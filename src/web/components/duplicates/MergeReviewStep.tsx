import { useId } from "react";
import type { MergeableAccount, MergeMoves, MergeOutcome } from "../../api/duplicates";
import { useLists } from "../../api/lists";
import { formatCount, formatCountOf } from "../../format/count";
import { formatDollars } from "../../format/money";
import { Field } from "../../ui/DetailCard";
import { AlertTriangleIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { ListChoiceName } from "./ListChoiceName";
import { asSentence, listChoiceOf } from "./merge-plan";
import { displayPhone } from "../../format/phone";

export interface MergeReviewStepProps {
  /** The server's dry run; undefined while it is asked for or when it failed. */
  preview: MergeOutcome | undefined;
  error: unknown;
  onRetry: () => void;
  /** The accounts that go into the surviving one. */
  removed: readonly MergeableAccount[];
}

const MOVE_LABELS: readonly { key: keyof MergeMoves; label: string }[] = [
  { key: "contacts", label: "Contacts" },
  { key: "orders", label: "Orders" },
  { key: "notes", label: "Notes" },
  { key: "tasks", label: "Tasks" },
  { key: "activities", label: "Activity" },
];

/** Step 3: what the server says the merge will do, before anything changes. */
export function MergeReviewStep({ preview, error, onRetry, removed }: MergeReviewStepProps) {
  const accountHeadingId = useId();
  const movesHeadingId = useId();
  const lists = useLists();
  if (error !== undefined) {
    return <LoadError title="The merge preview could not be prepared." error={error} onRetry={onRetry} compact testId="merge-preview-error" />;
  }
  if (!preview) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-slate-500" data-testid="merge-preview-loading">
        <Spinner />
        Preparing the preview...
      </div>
    );
  }

  const { account, owner, moves, contactsCombined, aliases } = preview;
  return (
    <div className="space-y-5" data-testid="merge-preview">
      <section aria-labelledby={accountHeadingId} className="rounded-lg border border-slate-200 p-4">
        <h3 id={accountHeadingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Merged account
        </h3>
        <p className="mt-1 text-lg font-semibold break-words text-slate-900" data-testid="merge-preview-name">
          {account.name}
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-3">
          <Field label="Email" testId="merge-preview-email">
            <KeptValue value={account.email} />
          </Field>
          <Field label="Domain" testId="merge-preview-domain">
            <KeptValue value={account.domain} />
          </Field>
          <Field label="Phone" testId="merge-preview-phone">
            <KeptValue value={account.phone && displayPhone(account.phone)} />
          </Field>
          <Field label="Orders" testId="merge-preview-orders">
            {formatCountOf(account.orderCount, "order")}
          </Field>
          <Field label="Total Order Value" testId="merge-preview-total">
            {formatDollars(account.totalOrderValue)}
          </Field>
          {/* Not pinned, all the merged orders place it: 'Automatic (by activity)' rather than the list it is in now. */}
          <Field label="List" testId="merge-preview-list">
            <ListChoiceName choice={listChoiceOf(account)} lists={lists} />
          </Field>
          <Field label="Owner" testId="merge-preview-owner">
            <KeptValue value={owner?.name ?? null} />
          </Field>
        </dl>
      </section>

      <section aria-labelledby={movesHeadingId}>
        <h3 id={movesHeadingId} className="text-sm font-medium text-slate-700">
          What moves to {account.name}
        </h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {MOVE_LABELS.map(({ key, label }) => (
            <div key={key} className="rounded-lg bg-slate-50 px-3 py-2 text-center" data-testid={`merge-moves-${key}`}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatCount(moves[key])}</dd>
            </div>
          ))}
        </dl>
        {contactsCombined > 0 && (
          <p className="mt-2 text-sm text-slate-600" data-testid="merge-contacts-combined">
            Contacts with the same e-mail become one: {formatCountOf(contactsCombined, "duplicate")} will be combined.
          </p>
        )}
      </section>

      <div role="note" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="merge-preview-removed">
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div className="min-w-0 space-y-2">
          <p>
            {removed.length === 1 ? "This account will be removed:" : `These ${formatCount(removed.length)} accounts will be removed:`}{" "}
            <span className="font-medium break-words">{asSentence(removed.map((removedAccount) => removedAccount.name).join(", "))}</span> The merge can be undone for 30 days.
          </p>
          {aliases.length > 0 ? (
            <div>
              <p>These e-mails are kept as aliases, so orders and imports sent to them still reach {account.name}:</p>
              <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="merge-preview-aliases">
                {aliases.map((alias) => (
                  <li key={alias} className="rounded-md bg-white px-2 py-0.5 text-xs break-all text-amber-900 ring-1 ring-amber-200 ring-inset">
                    {alias}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p data-testid="merge-preview-aliases">No e-mails to keep as aliases: the removed accounts have none.</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** One of the merged account's values, cut short in its column when long, in full on hover. */
function KeptValue({ value }: { value: string | null }) {
  if (!value) return <span className="text-slate-400">None</span>;
  return (
    <span className="block truncate" title={value}>
      {value}
    </span>
  );
}
