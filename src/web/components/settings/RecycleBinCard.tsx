import { useRefreshAccounts } from "../../api/accounts";
import { RECYCLE_BIN_PAGE_SIZE, recycleBinPageUrl, restoreFromRecycleBin, type RecycleBinEntry, type RecycleBinRestored } from "../../api/recycle-bin";
import { formatUsDate, formatUsDateTime } from "../../format/dates";
import { AccountNameLink } from "../../ui/AccountNameLink";
import { Button } from "../../ui/Button";
import { CardPagedList } from "../../ui/CardPagedList";
import { SettingsCard } from "../../ui/SettingsCard";
import { TrashIcon } from "../../ui/icons";
import { useWrite } from "../../ui/use-write";

const KIND_LABELS: Record<RecycleBinEntry["kind"], string> = { note: "Note", contact: "Contact", list: "List" };

/**
 * Deleted notes, contacts and custom lists, newest first, each with Restore while the bin keeps it (30
 * days). Everyone sees every entry; a note is restored by its author or an administrator.
 */
export function RecycleBinCard() {
  return (
    <SettingsCard
      title="Recycle Bin"
      description="Deleted notes, contacts and custom lists are kept here for 30 days, then removed for good."
      icon={TrashIcon}
      testId="recycle-bin-card"
    >
      <CardPagedList<RecycleBinEntry>
        pageUrl={(offset) => recycleBinPageUrl(RECYCLE_BIN_PAGE_SIZE, offset)}
        pageSize={RECYCLE_BIN_PAGE_SIZE}
        errorTitle="The recycle bin could not be loaded."
        emptyText="Nothing deleted in the last 30 days."
        noun={{ singular: "entry", plural: "entries" }}
        testIds={{ error: "recycle-bin-error", empty: "recycle-bin-empty", list: "recycle-bin-entries" }}
        renderItem={(entry) => <RecycleBinItem key={entry.id} entry={entry} />}
      />
    </SettingsCard>
  );
}

function RecycleBinItem({ entry }: { entry: RecycleBinEntry }) {
  const { run, isPending } = useWrite<RecycleBinRestored>({
    // The accounts' reads take in the lists and the bin itself.
    refresh: useRefreshAccounts(),
    success: ({ message }) => ({ title: "Restored", description: message }),
    failureTitle: "Could not restore",
  });
  const accountGone = entry.accountId !== null && entry.accountName === null;

  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="recycle-bin-entry">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">{KIND_LABELS[entry.kind]}</span>
          <span className="font-medium break-words text-slate-900">{entry.label}</span>
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {entry.accountId !== null && entry.accountName !== null && (
            <>
              <AccountNameLink id={entry.accountId} name={entry.accountName} className="inline text-xs" testId="recycle-bin-account" />
              {" · "}
            </>
          )}
          {accountGone && "Its account no longer exists · "}
          Deleted by {entry.deletedByName} {formatUsDateTime(entry.deletedAt)} · kept until {formatUsDate(entry.purgedAt)}
        </p>
      </div>
      <Button
        size="sm"
        onClick={() => void run(() => restoreFromRecycleBin(entry.id))}
        disabled={isPending || !entry.canRestore || accountGone}
        title={entry.canRestore ? undefined : "Only the note's author or an administrator can restore it"}
        className="self-start sm:self-center"
      >
        {isPending ? "Restoring..." : "Restore"}
      </Button>
    </li>
  );
}
