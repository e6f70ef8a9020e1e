import { Combobox, ComboboxInput, Description, Field, Label } from "@headlessui/react";
import { useState } from "react";
import { MIN_SEARCH_LENGTH } from "../../api/search";
import { AccountSearchOptions } from "../../ui/AccountSearchOptions";
import { CloseIcon, SearchIcon } from "../../ui/icons";
import type { TaskAccount } from "./task-form";

export interface AccountPickerProps {
  value: TaskAccount | null;
  onChange: (account: TaskAccount | null) => void;
  disabled?: boolean;
}

/** An optional account, found by typing 3 or more letters of its name, domain, e-mail or contact. */
export function AccountPicker({ value, onChange, disabled }: AccountPickerProps) {
  const [query, setQuery] = useState("");

  return (
    <Field disabled={disabled}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-700">Account</Label>
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery("")}>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <ComboboxInput
            displayValue={(account: TaskAccount | null) => account?.name ?? ""}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search accounts..."
            autoComplete="off"
            spellCheck={false}
            data-testid="task-account-input"
            className="block w-full rounded-lg border border-slate-300 py-2 pr-9 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:bg-slate-50"
          />
          {value && (
            <button
              type="button"
              aria-label="Clear account"
              title="Clear account"
              onClick={() => onChange(null)}
              disabled={disabled}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
              data-testid="task-account-clear"
            >
              <CloseIcon className="size-4" />
            </button>
          )}
        </div>
        <AccountSearchOptions
          query={query}
          valueOf={(hit) => ({ id: hit.id, name: hit.name })}
          testIds={{ list: "task-account-options", option: "task-account-option" }}
        />
      </Combobox>
      <Description className="mt-1 text-xs text-slate-500">Optional. Type {MIN_SEARCH_LENGTH} or more letters to search.</Description>
    </Field>
  );
}
