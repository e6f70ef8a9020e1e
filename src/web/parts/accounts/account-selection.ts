import { accountFilterParams, MAX_SELECTED_ACCOUNTS, type AccountFilters, type BulkSelection } from "../../api/accounts";
import { pageTicks, toggled, toggledPage } from "../../ui/row-ticks";
import { formatCount } from "../../format/count.ts";

/**
 * The accounts a table's bulk actions cover: those ticked one by one, kept while staff page through, or
 * every account the filters match, over all pages, once they chose 'Select all N matching'.
 */
export type SelectedAccounts = { kind: "ticked"; ids: ReadonlySet<number> } | { kind: "allMatching" };

export const NO_ACCOUNTS_SELECTED: SelectedAccounts = { kind: "ticked", ids: new Set() };

/**
 * A selection with the filters it was made under. Other filters show other accounts, so the selection
 * does not carry over: read through selectionUnder, it is empty as soon as the filters change.
 */
export interface ScopedSelection {
  scope: string;
  selected: SelectedAccounts;
}

/** What a selection is tied to: the filters, as the server reads them. Sort and page leave it be. */
export function selectionScopeOf(filters: AccountFilters): string {
  return JSON.stringify(accountFilterParams(filters));
}

export function selectionUnder(scoped: ScopedSelection, scope: string): SelectedAccounts {
  return scoped.scope === scope ? scoped.selected : NO_ACCOUNTS_SELECTED;
}

export function isTicked(selected: SelectedAccounts, accountId: number): boolean {
  return selected.kind === "allMatching" || selected.ids.has(accountId);
}

/** How many accounts an action would cover. */
export function selectedCount(selected: SelectedAccounts, total: number): number {
  return selected.kind === "allMatching" ? total : selected.ids.size;
}

export function hasSelection(selected: SelectedAccounts): boolean {
  return selected.kind === "allMatching" || selected.ids.size > 0;
}

/**
 * Whether `count` more accounts can be ticked one by one: past MAX_SELECTED_ACCOUNTS the server takes
 * only 'all matching', so the boxes stop ticking there.
 */
export function canTickMore(selected: SelectedAccounts, count: number): boolean {
  return selected.kind === "allMatching" || selected.ids.size + count <= MAX_SELECTED_ACCOUNTS;
}

/**
 * A row's checkbox. Unticking one account of 'all matching' leaves the rest of the page ticked: the
 * server cannot be asked for 'all matching but these', and the page is what staff can see.
 */
export function withAccountToggled(selected: SelectedAccounts, accountId: number, pageIds: readonly number[]): SelectedAccounts {
  if (selected.kind === "allMatching") return { kind: "ticked", ids: new Set(pageIds.filter((id) => id !== accountId)) };
  if (!selected.ids.has(accountId) && !canTickMore(selected, 1)) return selected;
  return { kind: "ticked", ids: toggled(selected.ids, accountId) };
}

/** The header checkbox: ticks the whole page, or unticks it (and 'all matching') when all of it is ticked. */
export function withPageToggled(selected: SelectedAccounts, pageIds: readonly number[]): SelectedAccounts {
  if (selected.kind === "allMatching") return NO_ACCOUNTS_SELECTED;
  const ids = toggledPage(selected.ids, pageIds);
  return ids.size > MAX_SELECTED_ACCOUNTS ? selected : { kind: "ticked", ids };
}

/** How much of the page is ticked, for the header checkbox's checked and mixed states. */
export function pageTickState(selected: SelectedAccounts, pageIds: readonly number[]): "all" | "some" | "none" {
  if (selected.kind === "allMatching") return pageIds.length > 0 ? "all" : "none";
  return pageTicks(selected.ids, pageIds);
}

/**
 * The line above the table once a whole page is ticked: the offer to take every matching account, over
 * all pages, or, once taken, the way back. None when the page holds every match: there is nothing more.
 */
export type SelectionBanner = { kind: "offerAllMatching"; onPage: number; total: number } | { kind: "allMatching"; total: number } | null;

export function selectionBanner(selected: SelectedAccounts, pageIds: readonly number[], total: number): SelectionBanner {
  if (selected.kind === "allMatching") return { kind: "allMatching", total };
  if (total > pageIds.length && pageTickState(selected, pageIds) === "all") return { kind: "offerAllMatching", onPage: pageIds.length, total };
  return null;
}

/** The selection as POST /api/accounts/bulk takes it; null when nothing is selected. */
export function bulkSelectionOf(selected: SelectedAccounts, filters: AccountFilters): BulkSelection | null {
  if (selected.kind === "allMatching") return { allMatching: accountFilterParams(filters) };
  return selected.ids.size > 0 ? { ids: [...selected.ids] } : null;
}

/** Which accounts 'Export selected' downloads: the ones ticked, or the filters' matches, as the Export button does. */
export function exportedAccountsOf(selected: SelectedAccounts, filters: AccountFilters): { filters: AccountFilters } | { ids: readonly number[] } {
  return selected.kind === "allMatching" ? { filters } : { ids: [...selected.ids] };
}

/** The two accounts 'Merge selected' opens the merge dialog with; null for any other selection. */
export function mergePairOf(selected: SelectedAccounts): [number, number] | null {
  if (selected.kind !== "ticked" || selected.ids.size !== 2) return null;
  const [first, second] = [...selected.ids];
  return [first!, second!];
}

/** What a checkbox shows and does. */
export interface AccountTick {
  checked: boolean;
  indeterminate?: boolean;
  disabled: boolean;
  /** Why it is disabled. */
  title: string | undefined;
  onChange: () => void;
}

const TOO_MANY_TO_TICK = `At most ${formatCount(MAX_SELECTED_ACCOUNTS)} accounts can be ticked one by one: select all matching instead.`;

/** A row's or card's checkbox over the selection. */
export function accountTick(selected: SelectedAccounts, accountId: number, pageIds: readonly number[], onSelectedChange: (next: SelectedAccounts) => void): AccountTick {
  const checked = isTicked(selected, accountId);
  const disabled = !checked && !canTickMore(selected, 1);
  return { checked, disabled, title: disabled ? TOO_MANY_TO_TICK : undefined, onChange: () => onSelectedChange(withAccountToggled(selected, accountId, pageIds)) };
}

/** The checkbox over a page: ticked when all of it is, mixed when part of it is. */
export function pageTick(selected: SelectedAccounts, pageIds: readonly number[], onSelectedChange: (next: SelectedAccounts) => void): AccountTick {
  const state = pageTickState(selected, pageIds);
  const unticked = selected.kind === "ticked" ? pageIds.filter((id) => !selected.ids.has(id)).length : 0;
  const disabled = pageIds.length === 0 || (state !== "all" && !canTickMore(selected, unticked));
  return {
    checked: state === "all",
    indeterminate: state === "some",
    disabled,
    title: disabled && pageIds.length > 0 ? TOO_MANY_TO_TICK : undefined,
    onChange: () => onSelectedChange(withPageToggled(selected, pageIds)),
  };
}
