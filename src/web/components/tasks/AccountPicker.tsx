import { AccountSearchInput } from "../../ui/AccountSearchInput";
import { Combobox, Description, Field, Label } from "../../ui/headless-ui";
import { useState } from "react";
import { MIN_SEARCH_LENGTH } from "../../api/search";
import { AccountSearchOptions } from "../../ui/AccountSearchOptions";
import { CloseIcon } from "../../ui/icons";
import type { TaskAccount } from "./task-form";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

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
      <Label className={FIELD_LABEL_CLASS}>Account</Label>
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery("")}>
        <div className="relative">
          <AccountSearchInput<TaskAccount | null>
            displayValue={(account) => account?.name ?? ""}
            onQueryChange={setQuery}
            placeholder="Search accounts..."
            testId="task-account-input"
            hasButton
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
