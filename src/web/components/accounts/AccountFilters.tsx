import { useState, type ReactNode } from "react";
import { REORDER_BANDS } from "../../../contracts/analytics.ts";
import { ACCOUNT_TIMEFRAMES } from "../../api/accounts";
import { useLists } from "../../api/lists";
import { REORDER_BAND_LABELS } from "../../format/reorder-bands";
import { Select, type SelectOption } from "../../ui/Select";
import { FilterIcon } from "../../ui/icons";
import { AccountSearchBox } from "../../parts/accounts/AccountSearchBox";
import { OwnerFilterSelect } from "../../parts/accounts/OwnerFilterSelect";
import type { AccountListFilters } from "../../parts/accounts/account-list-view";

const ADDED_OPTIONS: readonly SelectOption[] = [
  { value: "", label: "All Time" },
  ...ACCOUNT_TIMEFRAMES.map((days) => ({ value: String(days), label: `Last ${days} days` })),
];

const REORDER_OPTIONS: readonly SelectOption[] = [{ value: "", label: "Any" }, ...REORDER_BANDS.map((band) => ({ value: band, label: REORDER_BAND_LABELS[band] }))];

export interface AccountFiltersProps {
  filters: AccountListFilters;
  onChange: (filters: Partial<AccountListFilters>) => void;
  /** How many of the filters behind the phone's Filters button are on, shown on it. */
  hiddenFiltersOn: number;
  /** Filters other features own, after the selects: the screen gives the 'Potential Duplicates' toggle. */
  children?: ReactNode;
}

/**
 * The accounts screen's filters: the text box always in sight; the List, Owner, Added and Reorder selects
 * beside it on a wide screen, and behind a Filters button (counting those on) on a phone, where they would
 * push the first account below the fold.
 */
export function AccountFilters({ filters, onChange, hiddenFiltersOn, children }: AccountFiltersProps) {
  const lists = useLists();
  const [isOpen, setOpen] = useState(false);
  const listOptions: SelectOption[] = [{ value: "", label: "All lists" }, ...(lists ?? []).map((list) => ({ value: list.key, label: list.name }))];

  return (
    <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto" data-testid="account-filters">
      <div className="flex w-full items-end gap-2 sm:w-auto">
        <AccountSearchBox value={filters.q ?? ""} onChange={(q) => onChange({ q: q || undefined })} className="min-w-0 flex-1 sm:w-56 sm:flex-none" testId="accounts-search" />
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls="account-filter-fields"
          onClick={() => setOpen(!isOpen)}
          className="inline-flex h-[38px] shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none sm:hidden"
          data-testid="account-filters-toggle"
        >
          <FilterIcon className="size-4 text-slate-500" />
          Filters
          {hiddenFiltersOn > 0 && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 text-white" data-testid="account-filters-count">
              {hiddenFiltersOn}
            </span>
          )}
        </button>
      </div>
      <div id="account-filter-fields" className={`${isOpen ? "grid" : "hidden"} w-full grid-cols-2 items-end gap-3 sm:flex sm:w-auto sm:flex-wrap`}>
        <Select
          label="List"
          className="sm:w-32"
          value={filters.list ?? ""}
          options={listOptions}
          onChange={(value) => onChange({ list: value || undefined })}
          data-testid="list-filter"
        />
        <OwnerFilterSelect className="sm:w-36" value={filters.owner} onChange={(owner) => onChange({ owner })} />
        <Select
          label="Added"
          className="sm:w-32"
          value={filters.timeframe ? String(filters.timeframe) : ""}
          options={ADDED_OPTIONS}
          onChange={(value) => onChange({ timeframe: ACCOUNT_TIMEFRAMES.find((days) => String(days) === value) })}
        />
        <Select
          label="Reorder"
          className="sm:w-32"
          value={filters.reorder ?? ""}
          options={REORDER_OPTIONS}
          onChange={(value) => onChange({ reorder: REORDER_BANDS.find((band) => band === value) })}
        />
        {children}
      </div>
    </div>
  );
}
