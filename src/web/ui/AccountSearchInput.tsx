import { ComboboxInput } from "./headless-ui";
import { SearchIcon } from "./icons";

export interface AccountSearchInputProps<Value> {
  /** What the input shows of the value chosen; "" to stay empty for the next search. */
  displayValue: (value: Value) => string;
  onQueryChange: (query: string) => void;
  placeholder: string;
  testId: string;
  /** Room on the right for a button over the input (clearing the choice). */
  hasButton?: boolean;
}

/** The search field of an account combobox, with its magnifier: to sit inside a relative box within a Combobox, over AccountSearchOptions. */
export function AccountSearchInput<Value>({ displayValue, onQueryChange, placeholder, testId, hasButton = false }: AccountSearchInputProps<Value>) {
  return (
    <>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <ComboboxInput
        displayValue={displayValue}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        className={`block w-full rounded-lg border border-slate-300 py-2 ${hasButton ? "pr-9" : "pr-3"} pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:bg-slate-50`}
      />
    </>
  );
}
