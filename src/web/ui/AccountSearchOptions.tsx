import { ComboboxOption, ComboboxOptions } from "./headless-ui";
import { isSearchable, useAccountSearch, type AccountSearchHit } from "../api/search";
import { AccountHitText } from "./AccountHitText";
import { formatCountOf } from "../format/count";

export interface AccountSearchOptionsProps<T> {
  /** The text typed so far: searched once typing pauses, and only when long enough. */
  query: string;
  /** What choosing a hit gives the combobox. */
  valueOf: (hit: AccountSearchHit) => T;
  /** The right-hand note of a hit; its order count by default. */
  noteOf?: (hit: AccountSearchHit) => string;
  testIds: { list: string; option: string };
}

/** The answers of an account search inside a headless UI Combobox: searching, failed, the hits, or none. */
export function AccountSearchOptions<T>({ query, valueOf, noteOf, testIds }: AccountSearchOptionsProps<T>) {
  const { hits, error, isSearching } = useAccountSearch(query);
  if (!isSearchable(query)) return null;
  return (
    <ComboboxOptions
      anchor="bottom start"
      className="z-[60] mt-1 max-h-64 w-(--input-width) overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg empty:invisible focus:outline-none"
      data-testid={testIds.list}
    >
      {isSearching ? (
        <p role="status" className="px-3 py-2 text-sm text-slate-500">
          Searching...
        </p>
      ) : error ? (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          The search failed. Please try again.
        </p>
      ) : hits && hits.length > 0 ? (
        hits.map((hit) => (
          <ComboboxOption
            key={hit.id}
            value={valueOf(hit)}
            className="flex cursor-pointer items-center justify-between gap-3 px-3 py-2 data-focus:bg-blue-50"
            data-testid={testIds.option}
            data-account-id={hit.id}
          >
            <AccountHitText hit={hit} />
            <span className="shrink-0 text-xs text-slate-500">{noteOf ? noteOf(hit) : formatCountOf(hit.orderCount, "order")}</span>
          </ComboboxOption>
        ))
      ) : (
        <p role="status" className="px-3 py-2 text-sm break-words text-slate-500">
          No accounts found matching "{query.trim()}"
        </p>
      )}
    </ComboboxOptions>
  );
}
