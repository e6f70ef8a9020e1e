import type { ReactNode } from "react";
import { REORDER_BANDS } from "../../../contracts/analytics.ts";
import { ACCOUNT_STATUSES, ACCOUNT_TIMEFRAMES } from "../../api/accounts";
import { REORDER_BAND_LABELS } from "../../format/reorder-bands";
import { Select, type SelectOption } from "../../ui/Select";
import type { AccountListFilters } from "../../parts/accounts/account-list-view";

const STATUS_OPTIONS: readonly SelectOption[] = [
  { value: "", label: "All Statuses" },
  ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: status })),
];

const ADDED_OPTIONS: readonly SelectOption[] = [
  { value: "", label: "All Time" },
  ...ACCOUNT_TIMEFRAMES.map((days) => ({ value: String(days), label: `Last ${days} days` })),
];

const REORDER_OPTIONS: readonly SelectOption[] = [{ value: "", label: "Any" }, ...REORDER_BANDS.map((band) => ({ value: band, label: REORDER_BAND_LABELS[band] }))];

export interface AccountFiltersProps {
  filters: AccountListFilters;
  onChange: (filters: AccountListFilters) => void;
  /** Filters other features own, after the selects: the screen gives the 'Potential Duplicates' toggle. */
  children?: ReactNode;
}

export function AccountFilters({ filters, onChange, children }: AccountFiltersProps) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="account-filters">
      <Select
        label="Status"
        className="w-40"
        value={filters.status ?? ""}
        options={STATUS_OPTIONS}
        onChange={(value) => onChange({ ...filters, status: ACCOUNT_STATUSES.find((status) => status === value) })}
      />
      <Select
        label="Added"
        className="w-40"
        value={filters.timeframe ? String(filters.timeframe) : ""}
        options={ADDED_OPTIONS}
        onChange={(value) => onChange({ ...filters, timeframe: ACCOUNT_TIMEFRAMES.find((days) => String(days) === value) })}
      />
      <Select
        label="Reorder"
        className="w-40"
        value={filters.reorder ?? ""}
        options={REORDER_OPTIONS}
        onChange={(value) => onChange({ ...filters, reorder: REORDER_BANDS.find((band) => band === value) })}
      />
      {children}
    </div>
  );
}
