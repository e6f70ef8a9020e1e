import { useState } from "react";
import { MIN_SEARCH_LENGTH } from "../api/search";
import { AccountSearchInput } from "./AccountSearchInput";
import { AccountSearchOptions } from "./AccountSearchOptions";
import { Combobox } from "./headless-ui";

/** An account picked in an AccountCombobox. */
export interface PickedAccount {
  id: number;
  name: string;
}

export interface AccountComboboxProps {
  account: PickedAccount | null;
  onChange: (account: PickedAccount | null) => void;
  /** The id of the label that names the field. */
  labelledBy: string;
  /** The field's box: `relative`, and how it sits among its neighbours. */
  className?: string;
  testIds: { input: string; list: string; option: string };
}

/** Any account, found by its name, domain, e-mail, phone or contact as you type (3 letters or more). */
export function AccountCombobox({ account, onChange, labelledBy, className = "relative", testIds }: AccountComboboxProps) {
  const [query, setQuery] = useState("");
  return (
    <Combobox value={account} onChange={onChange} by="id" onClose={() => setQuery("")}>
      <div className={className} aria-labelledby={labelledBy}>
        <AccountSearchInput<PickedAccount | null>
          displayValue={(picked) => picked?.name ?? ""}
          onQueryChange={setQuery}
          placeholder={`Search accounts (${MIN_SEARCH_LENGTH}+ letters)...`}
          testId={testIds.input}
        />
      </div>
      <AccountSearchOptions query={query} valueOf={(hit) => ({ id: hit.id, name: hit.name })} testIds={{ list: testIds.list, option: testIds.option }} />
    </Combobox>
  );
}
