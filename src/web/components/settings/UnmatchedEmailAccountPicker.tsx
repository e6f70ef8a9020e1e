import { useState } from "react";
import { MIN_SEARCH_LENGTH } from "../../api/search";
import { AccountSearchInput } from "../../ui/AccountSearchInput";
import { AccountSearchOptions } from "../../ui/AccountSearchOptions";
import { Combobox } from "../../ui/headless-ui";
import type { PickedAccount } from "./UnmatchedEmailCard";

/** The account an unmatched conversation is linked to (UnmatchedEmailCard.tsx), found by its name, domain, e-mail or contact: loaded on demand. */
export function UnmatchedEmailAccountPicker({ account, onChange }: { account: PickedAccount | null; onChange: (account: PickedAccount | null) => void }) {
  const [query, setQuery] = useState("");
  return (
    <Combobox value={account} onChange={onChange} by="id" onClose={() => setQuery("")}>
      <div className="relative" aria-labelledby="unmatched-email-account-label">
        <AccountSearchInput<PickedAccount | null>
          displayValue={(picked) => picked?.name ?? ""}
          onQueryChange={setQuery}
          placeholder={`Search accounts (${MIN_SEARCH_LENGTH}+ letters)...`}
          testId="unmatched-email-account-input"
        />
      </div>
      <AccountSearchOptions
        query={query}
        valueOf={(hit) => ({ id: hit.id, name: hit.name })}
        testIds={{ list: "unmatched-email-account-options", option: "unmatched-email-account-option" }}
      />
    </Combobox>
  );
}
