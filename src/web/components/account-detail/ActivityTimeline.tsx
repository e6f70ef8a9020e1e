import { useState, type ComponentType } from "react";
import { useAccountActivity, type ActivityEntry } from "../../api/activity";
import { FIRST_ENTRIES_SHOWN } from "./account-screen-reads";
import { formatCount } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import {
  BuildingIcon,
  CalendarIcon,
  ClockIcon,
  ListsIcon,
  MailIcon,
  MergeIcon,
  MessageIcon,
  NoteIcon,
  PackageIcon,
  PencilIcon,
  PhoneIcon,
  RefreshIcon,
  TrashIcon,
  UploadIcon,
  UserIcon,
  UserPlusIcon,
  type IconProps,
} from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { SkeletonLines } from "../../ui/DetailCard";
import { EmailThreadDialog } from "../../parts/email/EmailThreadDialog";

interface KindLook {
  /** Read out before the summary, since the icon alone says it. */
  label: string;
  icon: ComponentType<IconProps>;
  /** Background and icon colour of the dot on the timeline. */
  colors: string;
}

const KIND_LOOKS: Record<string, KindLook> = {
  account_created: { label: "Account created", icon: BuildingIcon, colors: "bg-emerald-50 text-emerald-600" },
  account_updated: { label: "Account updated", icon: PencilIcon, colors: "bg-slate-100 text-slate-600" },
  list_changed: { label: "List changed", icon: ListsIcon, colors: "bg-violet-50 text-violet-600" },
  contact_added: { label: "Contact added", icon: UserPlusIcon, colors: "bg-emerald-50 text-emerald-600" },
  contact_updated: { label: "Contact updated", icon: UserIcon, colors: "bg-slate-100 text-slate-600" },
  note_added: { label: "Note added", icon: NoteIcon, colors: "bg-amber-50 text-amber-600" },
  note_edited: { label: "Note edited", icon: NoteIcon, colors: "bg-amber-50 text-amber-600" },
  note_deleted: { label: "Note deleted", icon: TrashIcon, colors: "bg-red-50 text-red-600" },
  note_restored: { label: "Note restored", icon: RefreshIcon, colors: "bg-amber-50 text-amber-600" },
  contact_deleted: { label: "Contact deleted", icon: TrashIcon, colors: "bg-red-50 text-red-600" },
  contact_restored: { label: "Contact restored", icon: RefreshIcon, colors: "bg-emerald-50 text-emerald-600" },
  accounts_merged: { label: "Accounts merged", icon: MergeIcon, colors: "bg-violet-50 text-violet-600" },
  merge_undone: { label: "Merge undone", icon: RefreshIcon, colors: "bg-violet-50 text-violet-600" },
  orders_imported: { label: "Orders imported", icon: UploadIcon, colors: "bg-blue-50 text-blue-600" },
  orders_received: { label: "Orders received", icon: PackageIcon, colors: "bg-blue-50 text-blue-600" },
  call: { label: "Call", icon: PhoneIcon, colors: "bg-sky-50 text-sky-600" },
  email: { label: "E-mail", icon: MailIcon, colors: "bg-sky-50 text-sky-600" },
  email_received: { label: "E-mail received", icon: MailIcon, colors: "bg-indigo-50 text-indigo-600" },
  email_sent: { label: "E-mail sent", icon: MailIcon, colors: "bg-indigo-50 text-indigo-600" },
  meeting: { label: "Meeting", icon: CalendarIcon, colors: "bg-sky-50 text-sky-600" },
  other: { label: "Other", icon: MessageIcon, colors: "bg-sky-50 text-sky-600" },
};

/** The most entries the server gives in one answer: 'Show all' asks for as few pages as it can. */
const ALL_ENTRIES_PAGE_SIZE = 500;

/** A kind this dashboard does not know yet still gets a dot. */
const UNKNOWN_KIND: KindLook = { label: "Activity", icon: ClockIcon, colors: "bg-slate-100 text-slate-500" };

export interface ActivityTimelineProps {
  accountId: number;
  /** The newest entries, up to FIRST_ENTRIES_SHOWN. */
  firstEntries: readonly ActivityEntry[];
  /** How many entries the account has in all. */
  total: number;
}

/** The account's history, newest first: what happened, who did it and when. 'Show all' fetches the rest from the server. */
export function ActivityTimeline({ accountId, firstEntries, total }: ActivityTimelineProps) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const [openThreadId, setOpenThreadId] = useState<number | null>(null);
  const pageCount = Math.ceil(total / ALL_ENTRIES_PAGE_SIZE);

  return (
    <div>
      <ol data-testid="activity-timeline">
        {isShowingAll
          ? Array.from({ length: pageCount }, (_, index) => (
              <ActivityPageEntries
                key={index}
                accountId={accountId}
                offset={index * ALL_ENTRIES_PAGE_SIZE}
                isLastPage={index === pageCount - 1}
                // The entries already on screen stay there while the first page loads.
                placeholderEntries={index === 0 ? firstEntries : []}
                onOpenThread={setOpenThreadId}
              />
            ))
          : firstEntries.map((entry, index) => <TimelineEntry key={entryKey(entry)} entry={entry} isLast={index === firstEntries.length - 1} onOpenThread={setOpenThreadId} />)}
      </ol>
      {total > FIRST_ENTRIES_SHOWN && (
        <button
          type="button"
          onClick={() => setIsShowingAll(!isShowingAll)}
          aria-expanded={isShowingAll}
          className="mt-4 rounded text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
          data-testid="activity-show-all"
        >
          {isShowingAll ? "Show less" : `Show all ${formatCount(total)} entries`}
        </button>
      )}
      {openThreadId !== null && <EmailThreadDialog threadId={openThreadId} onClose={() => setOpenThreadId(null)} />}
    </div>
  );
}

interface ActivityPageEntriesProps {
  accountId: number;
  offset: number;
  isLastPage: boolean;
  placeholderEntries: readonly ActivityEntry[];
  onOpenThread: (threadId: number) => void;
}

/** One page of the whole timeline, fetched on its own; the timeline line stops at the last entry of the last page. */
function ActivityPageEntries({ accountId, offset, isLastPage, placeholderEntries, onOpenThread }: ActivityPageEntriesProps) {
  const { activityPage, error, retry } = useAccountActivity(accountId, ALL_ENTRIES_PAGE_SIZE, offset);

  if (!activityPage) {
    return (
      <>
        {placeholderEntries.map((entry) => (
          <TimelineEntry key={entryKey(entry)} entry={entry} isLast={false} onOpenThread={onOpenThread} />
        ))}
        <li>
          {error ? (
            <LoadError title="More of the activity could not be loaded." error={error} onRetry={retry} compact testId="activity-page-error" />
          ) : (
            <SkeletonLines count={3} className="py-2" />
          )}
        </li>
      </>
    );
  }
  return (
    <>
      {activityPage.items.map((entry, index) => (
        <TimelineEntry key={entryKey(entry)} entry={entry} isLast={isLastPage && index === activityPage.items.length - 1} onOpenThread={onOpenThread} />
      ))}
    </>
  );
}

/** An e-mail's line carries its message's id, which may equal another line's. */
function entryKey(entry: ActivityEntry): string {
  return entry.emailThreadId === null ? `activity-${entry.id}` : `email-${entry.id}`;
}

function TimelineEntry({ entry, isLast, onOpenThread }: { entry: ActivityEntry; isLast: boolean; onOpenThread: (threadId: number) => void }) {
  const look = KIND_LOOKS[entry.kind] ?? UNKNOWN_KIND;
  const Icon = look.icon;
  const threadId = entry.emailThreadId;
  const summary = (
    <>
      <span className="sr-only">{look.label}: </span>
      {entry.summary}
    </>
  );
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0" data-testid="activity-entry" data-kind={entry.kind}>
      {!isLast && <span aria-hidden="true" className="absolute top-9 bottom-1 left-4 w-px -translate-x-1/2 bg-slate-200" />}
      <span className={`relative flex size-8 shrink-0 items-center justify-center rounded-full ${look.colors}`}>
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        {threadId === null ? (
          <p className="text-sm break-words text-slate-900">{summary}</p>
        ) : (
          <button
            type="button"
            onClick={() => onOpenThread(threadId)}
            className="rounded text-left text-sm break-words text-slate-900 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            data-testid="activity-email-open"
          >
            {summary}
          </button>
        )}
        <p className="mt-0.5 text-xs text-slate-500">
          {/* A customer's e-mail has no one of the team behind it. */}
          {threadId === null ? `${entry.actorName ?? "System"} · ` : entry.actorName ? `${entry.actorName} · ` : ""}
          <time dateTime={entry.occurredAt}>{formatUsDateTime(entry.occurredAt)}</time>
        </p>
      </div>
    </li>
  );
}
