import { AccountSearchInput } from "../../ui/AccountSearchInput";
import { Combobox, Description, Field, Label } from "../../ui/headless-ui";
import { useState } from "react";
import { describeFailure } from "../../api/client";
import { fetchMergeableAccount, type MergeableAccount } from "../../api/duplicates";
import { MIN_SEARCH_LENGTH, type AccountSearchHit } from "../../api/search";
import { formatCountOf } from "../../format/count";
import { AccountSearchOptions } from "../../ui/AccountSearchOptions";
import { Button } from "../../ui/Button";
import { RefreshIcon } from "../../ui/icons";
import { Spinner } from "../../ui/Spinner";

export interface MergeAccountSearchProps {
  /** The accounts already on offer: choosing one ticks it instead of adding it again. */
  listedIds: ReadonlySet<number>;
  onPickListed: (accountId: number) => void;
  /** An account to add to the offer, ticked. */
  onFound: (account: MergeableAccount) => void;
}

/**
 * 'Add another account': finds any account by name, domain, e-mail or contact, for duplicates detection
 * did not flag. Search results lack the values a merge chooses between, so the account is read first.
 */
export function MergeAccountSearch({ listedIds, onPickListed, onFound }: MergeAccountSearchProps) {
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState<{ hit: AccountSearchHit; error?: unknown } | null>(null);
  const isReading = adding !== null && adding.error === undefined;

  async function add(hit: AccountSearchHit | null) {
    if (!hit) return;
    if (listedIds.has(hit.id)) {
      onPickListed(hit.id);
      return;
    }
    setAdding({ hit });
    try {
      onFound(await fetchMergeableAccount(hit.id));
      setAdding(null);
    } catch (readError) {
      setAdding({ hit, error: readError });
    }
  }

  return (
    <div>
      <Field disabled={isReading}>
        <Label className="mb-1.5 block text-sm font-medium text-slate-700">Add another account</Label>
        <Combobox<AccountSearchHit | null> value={null} onChange={(hit) => void add(hit)} onClose={() => setQuery("")}>
          <div className="relative">
            <AccountSearchInput<AccountSearchHit | null>
              displayValue={() => ""}
              onQueryChange={setQuery}
              placeholder="Search accounts by name, e-mail or domain..."
              testId="merge-search-input"
            />
          </div>
          <AccountSearchOptions
            query={query}
            valueOf={(hit) => hit}
            noteOf={(hit) => (listedIds.has(hit.id) ? "Listed above" : formatCountOf(hit.orderCount, "order"))}
            testIds={{ list: "merge-search-results", option: "merge-search-result" }}
          />
        </Combobox>
        <Description className="mt-1 text-xs text-slate-500">Type {MIN_SEARCH_LENGTH} or more letters to search.</Description>
      </Field>
      {adding &&
        (adding.error === undefined ? (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600" data-testid="merge-search-adding">
            <Spinner className="size-4" />
            Adding {adding.hit.name}...
          </p>
        ) : (
          <div role="alert" className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm" data-testid="merge-search-error">
            <span className="text-red-800">
              {adding.hit.name} could not be added. {describeFailure(adding.error).message}
            </span>
            <Button size="sm" icon={RefreshIcon} onClick={() => void add(adding.hit)}>
              Retry
            </Button>
          </div>
        ))}
    </div>
  );
}
