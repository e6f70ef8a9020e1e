import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "../../ui/Tabs";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { RHYTHM_MIN_ORDER_DAYS } from "../../../contracts/analytics.ts";
import {
  createReorderTasks,
  MAX_REORDER_TASKS_AT_ONCE,
  REORDER_BANDS,
  useRefreshAfterReorderTasks,
  useReorderBandCounts,
  useReorderPage,
  type ReorderAccount,
  type ReorderBand,
  type ReorderTasksResult,
} from "../../api/analytics";
import { useWrite } from "../../ui/use-write";
import { formatCount } from "../../format/count";
import { onPage, pageRange, sortedBy } from "../../ui/paging";
import { AccountsPagination } from "../../ui/AccountsPagination";
import { DetailCard, SkeletonLines } from "../../ui/DetailCard";
import { Button, buttonClassName } from "../../ui/Button";
import { TasksIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { CsvDownloadButton } from "./ChartCard";
import { csvDollars } from "./csv";
import { DEFAULT_RADAR_VIEW, REORDER_PAGE_SIZE, reorderQueryOf, type RadarView } from "./radar-view";
import { REORDER_BAND_LABELS, rhythmDays } from "../../format/reorder-bands";
import { ReorderTable } from "./ReorderTable";

/** What each band means, from the contract's rule: due from a week before the expected date until 1.5 gaps, at risk until 3, lapsed after. */
const BAND_MEANINGS: Readonly<Record<ReorderBand, string>> = {
  due: "Their next order is expected within a week, or is up to half their usual gap late.",
  "at-risk": "Between one and a half and three of their usual gaps have passed since their last order.",
  lapsed: "More than three of their usual gaps have passed since their last order.",
};

const EMPTY_BANDS: Readonly<Record<ReorderBand, string>> = {
  due: "No accounts are due to reorder right now.",
  "at-risk": "No accounts are at risk right now.",
  lapsed: "No accounts have lapsed.",
};

/**
 * Who should be ordering again by now, from each account's own rhythm (the median gap between its order
 * days): a tab per band with its count, the band's accounts, and follow-up tasks for them in one click.
 */
export function ReorderRadar() {
  const counts = useReorderBandCounts();
  const [bandIndex, setBandIndex] = useState(0);

  return (
    <DetailCard
      title="Reorder radar"
      summary="Accounts whose next order, going by how often they usually order, is due, late or long overdue"
      bodyClassName=""
      testId="reorder-radar"
    >
      <TabGroup selectedIndex={bandIndex} onChange={setBandIndex}>
        <TabList aria-label="Reorder bands" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-1 sm:px-3">
          {REORDER_BANDS.map((band) => (
            <Tab
              key={band}
              className="group -mb-px flex shrink-0 items-center gap-1.5 border-b-2 border-transparent px-2 py-3 sm:gap-2 sm:px-3 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:rounded-t focus-visible:ring-2 focus-visible:ring-blue-500 data-selected:border-blue-600 data-selected:text-blue-700"
              data-testid="reorder-tab"
              data-band={band}
            >
              {REORDER_BAND_LABELS[band]}
              <span
                className="min-w-6 rounded-full bg-slate-100 px-1.5 py-0.5 text-center text-xs font-semibold text-slate-600 tabular-nums group-data-selected:bg-blue-100 group-data-selected:text-blue-700"
                data-testid="reorder-tab-count"
              >
                {counts.data ? formatCount(counts.data[band]) : "…"}
              </span>
              <span className="sr-only">accounts</span>
            </Tab>
          ))}
        </TabList>
        {counts.error !== undefined && !counts.data && (
          <LoadError title="The bands' counts could not be loaded." error={counts.error} onRetry={counts.retry} compact />
        )}
        <TabPanels>
          {REORDER_BANDS.map((band) => (
            // Only the open tab's panel is mounted, so only its accounts are fetched; its sort, page and ticks start afresh.
            <TabPanel key={band} className="focus:outline-none">
              <ReorderBandPanel band={band} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </DetailCard>
  );
}

function ReorderBandPanel({ band }: { band: ReorderBand }) {
  const [view, setView] = useState<RadarView>(DEFAULT_RADAR_VIEW);
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const { data: page, error, isValidating, retry } = useReorderPage(reorderQueryOf(band, view));
  const tasks = useWrite<ReorderTasksResult>({
    refresh: useRefreshAfterReorderTasks(),
    success: (result) => ({ title: "Follow-up tasks", description: result.message }),
    failureMessage: "The follow-up tasks could not be created.",
    onSuccess: () => setSelection(new Set()),
  });

  // A page past the end (accounts that ordered meanwhile left the band) gives way to the last page.
  const lastPage = page ? pageRange(1, page.total, REORDER_PAGE_SIZE).pageCount : null;
  useEffect(() => {
    if (!isValidating && lastPage !== null && view.page > lastPage) setView((current) => onPage(current, lastPage));
  }, [isValidating, lastPage, view.page]);

  const total = page?.total ?? 0;
  const accountIds = [...selection];

  return (
    <div data-testid="reorder-panel" data-band={band}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-500">{BAND_MEANINGS[band]}</p>
        <div className="flex flex-wrap items-center gap-2">
          <CsvDownloadButton csv={page && page.total > 0 ? { fileName: `reorder-${band}-page-${view.page}.csv`, rows: csvRows(page.items) } : undefined} />
          {/* Every owner's, as the radar counts them: a sales rep's accounts screen would otherwise open on their own. */}
          <Link href={`/accounts?reorder=${band}&owner=all`} className={buttonClassName("secondary", "sm")} data-testid="reorder-open-in-accounts">
            Open in Accounts
          </Link>
          <TaskButton
            selected={selection.size}
            total={total}
            isPending={tasks.isPending}
            onClick={() => void tasks.run(() => createReorderTasks(accountIds.length > 0 ? { status: band, accountIds } : { status: band }))}
          />
        </div>
      </div>
      {error && !page ? (
        <LoadError title="The accounts could not be loaded." error={error} onRetry={retry} compact />
      ) : !page ? (
        <SkeletonLines count={6} className="p-5" />
      ) : page.total === 0 ? (
        <div className="px-6 py-12 text-center" data-testid="reorder-empty">
          <p className="text-sm font-medium text-slate-700">{EMPTY_BANDS[band]}</p>
          <p className="mt-1 text-sm text-slate-500">
            Accounts get a rhythm once they have ordered on {formatCount(RHYTHM_MIN_ORDER_DAYS)} different days.
          </p>
        </div>
      ) : (
        <>
          <ReorderTable
            accounts={page.items}
            view={view}
            isRefreshing={isValidating}
            selection={selection}
            onSort={(column) => setView((current) => sortedBy(current, column))}
            onOrder={(sort, dir) => setView((current) => ({ ...current, sort, dir, page: 1 }))}
            onSelectionChange={setSelection}
          />
          <AccountsPagination page={view.page} total={page.total} pageSize={REORDER_PAGE_SIZE} onPageChange={(next) => setView((current) => onPage(current, next))} />
        </>
      )}
    </div>
  );
}

interface TaskButtonProps {
  selected: number;
  total: number;
  isPending: boolean;
  onClick: () => void;
}

/** Tasks for the ticked accounts, or for the whole band when none is ticked, unless the band is too large for one click. */
function TaskButton({ selected, total, isPending, onClick }: TaskButtonProps) {
  const tooMany = selected === 0 && total > MAX_REORDER_TASKS_AT_ONCE;
  const label =
    selected > 0 ? `Create follow-up tasks (${formatCount(selected)} selected)` : total > 0 ? `Create follow-up tasks for all ${formatCount(total)}` : "Create follow-up tasks";
  return (
    <Button
      size="sm"
      variant="primary"
      icon={TasksIcon}
      disabled={isPending || total === 0 || tooMany}
      // Its label grows with the count: on a phone it wraps rather than reaching past the card.
      className="max-sm:whitespace-normal"
      title={tooMany ? `Tick up to ${formatCount(MAX_REORDER_TASKS_AT_ONCE)} accounts: one click makes at most that many tasks.` : undefined}
      onClick={onClick}
      data-testid="reorder-create-tasks"
    >
      {isPending ? "Creating…" : label}
    </Button>
  );
}

function csvRows(accounts: ReorderAccount[]) {
  return [
    ["Account", "Email", "Orders", "Last order", "Rhythm (days)", "Expected next order", "Days past expected date", "Total order value"],
    ...accounts.map((account) => [
      account.name,
      account.email ?? "",
      account.orderCount,
      account.lastOrderDate,
      rhythmDays(account.medianGapDays),
      account.expectedNextOrderDate,
      account.daysOverdue,
      csvDollars(account.totalOrderValue),
    ]),
  ];
}
