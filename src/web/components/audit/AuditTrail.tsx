import { useState } from "react";
import { ACTOR_SOURCES, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_PAGE_SIZE, useAuditTrail, type AuditEntry, type AuditFilters } from "../../api/audit";
import { useTeamMembers } from "../../api/team-members";
import { formatCount } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { AccountsPagination } from "../../ui/AccountsPagination";
import { CardTableHead } from "../../ui/CardTableHead";
import { LoadError } from "../../ui/LoadError";
import { Select } from "../../ui/Select";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { Link } from "wouter";
import { undoBulkChange, useRefreshAccounts } from "../../api/accounts";
import { Button } from "../../ui/Button";
import { useWrite } from "../../ui/use-write";
import { describeActor, describeFieldChange, SOURCE_LABELS, wordsOf } from "./audit-words";
import { dimmedWhile } from "../../ui/dimmed-while";

const ANY = "";

/**
 * The audit trail for administrators: who changed what, when (New York time), and each field's old and new
 * value, filtered by what, action, who and New York dates, newest first, a page at a time. A phone shows
 * each entry as a stacked card.
 */
export function AuditTrail() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const { page: auditPage, isPrevious, error, retry } = useAuditTrail(filters, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  const { members } = useTeamMembers();

  const filter = <Key extends keyof AuditFilters>(key: Key, value: string) => {
    setFilters((current) => ({ ...current, [key]: value === ANY ? undefined : value }));
    setPage(1);
  };
  const whoOptions = [
    { value: ANY, label: "Anyone" },
    ...(members ?? []).map((member) => ({ value: String(member.id), label: member.name, group: "Staff" })),
    ...ACTOR_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source], group: "How" })),
  ];

  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="audit-trail">
      <div className="grid items-end gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="audit-filters">
        <Select
          label="What"
          value={filters.entity ?? ANY}
          options={[{ value: ANY, label: "Everything" }, ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: wordsOf(entity) }))]}
          onChange={(value) => filter("entity", value)}
          data-testid="audit-filter-entity"
        />
        <Select
          label="Action"
          value={filters.action ?? ANY}
          options={[{ value: ANY, label: "Any action" }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: wordsOf(action) }))]}
          onChange={(value) => filter("action", value)}
          data-testid="audit-filter-action"
        />
        <Select label="Who" value={filters.actor ?? ANY} options={whoOptions} onChange={(value) => filter("actor", value)} data-testid="audit-filter-actor" />
        <TextField label="From" type="date" value={filters.from ?? ""} onChange={(value) => filter("from", value)} data-testid="audit-filter-from" />
        <TextField label="To" type="date" value={filters.to ?? ""} onChange={(value) => filter("to", value)} data-testid="audit-filter-to" />
      </div>
      {!auditPage && error ? (
        <LoadError title="The audit trail could not be loaded." error={error} onRetry={retry} testId="audit-load-error" />
      ) : !auditPage ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 border-4" label="Loading the audit trail" />
        </div>
      ) : auditPage.items.length === 0 ? (
        <p className="px-6 py-16 text-center text-sm text-slate-500" data-testid="audit-empty">
          No changes match these filters.
        </p>
      ) : (
        <>
          {/* Dimmed while another page or filter is read, as the accounts table is. A phone stacks each entry;
              wider screens have the table, which scrolls inside its card if it must. */}
          <div className={dimmedWhile(isPrevious)} aria-busy={isPrevious} data-testid="audit-entries">
            <ol className="divide-y divide-slate-100 md:hidden" data-testid="audit-cards">
              {auditPage.items.map((entry) => (
                <AuditCard key={entry.id} entry={entry} onUndone={retry} />
              ))}
            </ol>
            <div className="hidden overflow-x-auto md:block" data-testid="audit-table-box">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <CardTableHead columns={["When", "Who", "What", "Action", "Changes"]} />
                <tbody className="divide-y divide-slate-100">
                  {auditPage.items.map((entry) => (
                    <AuditRow key={entry.id} entry={entry} onUndone={retry} />
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <AccountsPagination page={page} total={auditPage.total} pageSize={AUDIT_PAGE_SIZE} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}

function AuditRow({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  return (
    <tr className="align-top" data-testid="audit-row">
      <td className="px-4 py-3 whitespace-nowrap text-slate-600 sm:pl-6">{formatUsDateTime(entry.at)}</td>
      <td className="px-4 py-3 text-slate-900" data-testid="audit-row-actor">
        {describeActor(entry)}
      </td>
      <td className="px-4 py-3 text-slate-900">
        <Subject entry={entry} />
        <p className="mt-0.5 max-w-xs text-xs break-words text-slate-500" data-testid="audit-row-summary">
          {entry.summary}
        </p>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700" data-testid="audit-row-action">
        <Action entry={entry} />
        <UndoBulkChange entry={entry} onUndone={onUndone} />
      </td>
      <td className="px-4 py-3 text-slate-700" data-testid="audit-row-changes">
        <FieldChanges entry={entry} />
      </td>
    </tr>
  );
}

function AuditCard({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  return (
    <li className="space-y-1 px-4 py-3 text-sm" data-testid="audit-card">
      <p className="text-xs text-slate-500">
        {formatUsDateTime(entry.at)} · {describeActor(entry)}
      </p>
      <p className="flex flex-wrap gap-x-2 text-slate-900">
        <Subject entry={entry} />
        <span className="text-slate-600">
          <Action entry={entry} />
        </span>
      </p>
      <p className="text-xs break-words text-slate-500">{entry.summary}</p>
      <UndoBulkChange entry={entry} onUndone={onUndone} />
      {entry.changes.length > 0 && (
        <div className="text-slate-700" data-testid="audit-card-changes">
          <FieldChanges entry={entry} />
        </div>
      )}
    </li>
  );
}

/** What the entry is about, linking to its account when it concerns one. */
function Subject({ entry }: { entry: AuditEntry }) {
  const name = `${wordsOf(entry.entity)}${entry.entityId !== null ? ` #${entry.entityId}` : ""}`;
  if (entry.accountId === null) return <span className="font-medium">{name}</span>;
  return (
    <Link href={`/accounts/${entry.accountId}`} className="font-medium text-blue-600 hover:underline" data-testid="audit-row-account-link">
      {name}
    </Link>
  );
}

function Action({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {wordsOf(entry.action)}
      {entry.count !== null && <span className="ml-1 text-slate-500">({formatCount(entry.count)})</span>}
    </>
  );
}

/**
 * A bulk list or owner change can be undone from its entry, as from its toast, while the server says it
 * still can be (not undone yet, within the undo window): it puts back what accounts it still can.
 */
function UndoBulkChange({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  const refreshAccounts = useRefreshAccounts();
  const { run, isPending } = useWrite<{ message: string }>({
    refresh: async () => {
      onUndone();
      await refreshAccounts();
    },
    success: ({ message }) => ({ title: "Undone", description: message }),
    failureTitle: "Could not undo",
  });
  const bulkChangeId = entry.entityId;
  if (!entry.undoable || bulkChangeId === null) return null;
  return (
    <Button size="sm" variant="ghost" className="mt-1 block" disabled={isPending} onClick={() => void run(() => undoBulkChange(bulkChangeId))} data-testid="audit-undo-bulk-change">
      {isPending ? "Undoing..." : "Undo"}
    </Button>
  );
}

function FieldChanges({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {entry.changes.map((change) => (
        <li key={change.field} className="break-words">
          {describeFieldChange(change)}
        </li>
      ))}
    </ul>
  );
}
