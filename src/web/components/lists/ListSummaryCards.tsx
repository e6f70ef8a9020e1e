import { Bones } from "../../ui/Bones";
import type { ListDefinition, ListSummary } from "../../api/lists";
import { formatCount } from "../../format/count";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { ListActionsMenu } from "./ListActionsMenu";
import { listAccentClass } from "../../ui/list-accent";

export interface ListSummaryCardsProps {
  /** Undefined while the lists load: placeholder cards hold the place. */
  lists: ListSummary[] | undefined;
  /** The counts are of the accounts within the date filter: each says out of how many. */
  isFiltered: boolean;
  /** The list whose tab is shown: its card is highlighted. */
  shownListKey: string | undefined;
  /** A click on a card opens its list's tab. */
  onOpen: (list: ListSummary) => void;
  onEdit: (list: ListDefinition) => void;
  onDelete: (list: ListDefinition) => void;
}

/** A card per list, built-in lists first: how many accounts, what they ordered, and their latest order. */
export function ListSummaryCards({ lists, isFiltered, shownListKey, onOpen, onEdit, onDelete }: ListSummaryCardsProps) {
  return (
    <section aria-label="List summaries" aria-busy={lists === undefined} className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-4" data-testid="list-summary-cards">
      {lists
        ? lists.map((list) => (
            <ListSummaryCard
              key={list.key}
              list={list}
              isFiltered={isFiltered}
              isShown={list.key === shownListKey}
              onOpen={() => onOpen(list)}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))
        : Array.from({ length: 3 }, (_, index) => <PlaceholderCard key={index} />)}
    </section>
  );
}

interface ListSummaryCardProps {
  list: ListSummary;
  isFiltered: boolean;
  isShown: boolean;
  onOpen: () => void;
  onEdit: (list: ListDefinition) => void;
  onDelete: (list: ListDefinition) => void;
}

function ListSummaryCard({ list, isFiltered, isShown, onOpen, onEdit, onDelete }: ListSummaryCardProps) {
  return (
    <article
      className={`relative flex flex-col rounded-xl border bg-white p-5 shadow-sm transition-colors hover:border-slate-300 ${isShown ? "border-blue-300 ring-1 ring-blue-300" : "border-slate-200"}`}
      data-testid="list-summary-card"
      data-list-key={list.key}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-baseline gap-2">
          <span aria-hidden="true" className={`size-2.5 shrink-0 -translate-y-px rounded-full ${listAccentClass(list)}`} />
          {/* The whole card opens the list's tab; the name is the button, stretched over the card. A block, so that the dot
              stays level with its first line however many lines a long name takes. */}
          <h2 className="min-w-0">
            <button
              type="button"
              onClick={onOpen}
              aria-pressed={isShown}
              className="block rounded text-left text-base font-semibold wrap-break-word text-slate-900 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-blue-500"
              data-testid="list-card-name"
            >
              {list.name}
            </button>
          </h2>
        </div>
        {!list.builtIn && <ListActionsMenu list={list} onEdit={onEdit} onDelete={onDelete} className="relative z-10 -mt-1 -mr-2" />}
      </div>
      {/* Always two lines, empty or not, so that the figures of all cards stay level; two, so that a built-in list's rule shows its number of days. */}
      <p className="mt-1 line-clamp-2 min-h-10 text-sm text-slate-500" title={list.description ?? undefined}>
        {list.description}
      </p>

      <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="list-card-count">
          {formatCount(list.count)}
        </span>
        {isFiltered && (
          <span className="text-sm text-slate-500" data-testid="list-card-total-count">
            of {formatCount(list.totalCount)}
          </span>
        )}
        <span className="text-sm text-slate-500">{list.count === 1 ? "account" : "accounts"}</span>
      </p>

      {/* Figures are never cut short: where both do not fit side by side, Last Activity goes under Total Value. */}
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-3 border-t border-slate-100 pt-4 text-sm *:flex-1 *:whitespace-nowrap">
        <div>
          <dt className="text-xs font-medium text-slate-500">Total Value</dt>
          <dd className="mt-0.5 font-medium text-slate-900 tabular-nums" data-testid="list-card-total-value">
            {formatDollars(list.totalOrderValue)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Last Activity</dt>
          <dd className="mt-0.5 text-slate-900" data-testid="list-card-last-activity">
            {list.lastOrderDate ? formatUsDate(list.lastOrderDate) : <span className="text-slate-400">No activity</span>}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** The shape of a card while the lists load, as tall as a real one. */
function PlaceholderCard() {
  return (
    <div aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="list-summary-card-placeholder">
      <Bones bars={["h-5 w-28 bg-slate-200", "mt-2 h-4 w-48 bg-slate-100", "mt-4 h-9 w-20 bg-slate-200"]} />
      <span className="mt-4 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4">
        <Bones bars={["h-9 bg-slate-100", "h-9 bg-slate-100"]} />
      </span>
    </div>
  );
}
