import { useId, type ComponentType, type SelectHTMLAttributes } from "react";
import { FieldError } from "./FieldError";
import { ChevronDownIcon, type IconProps } from "./icons";
import { FIELD_LABEL_CLASS } from "./field-label";

export interface SelectOption {
  value: string;
  label: string;
  /** Options in a row with the same group are offered under its heading. */
  group?: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "children"> {
  label: string;
  /** Keeps the label for screen readers only, where the context already says what the select is for. */
  hideLabel?: boolean;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** An icon before the chosen option's text, saying something about it at a glance. */
  leadingIcon?: ComponentType<IconProps>;
  /** Why the server refused the choice, shown under the select. */
  error?: string;
}

/** A native select with its label: keyboard, screen readers and mobile pickers work as users expect. */
export function Select({ label, hideLabel = false, value, options, onChange, leadingIcon: LeadingIcon, className = "", id, error, ...props }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;

  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? "sr-only" : FIELD_LABEL_CLASS}>
        {label}
      </label>
      <div className="relative">
        {LeadingIcon && <LeadingIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-slate-500" />}
        <select
          id={selectId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`block w-full appearance-none truncate rounded-lg border ${error ? "border-red-500" : "border-slate-300"} bg-white py-2 pr-9 text-sm text-slate-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${LeadingIcon ? "pl-7" : "pl-3"}`}
          {...props}
        >
          {groupsOf(options).map(({ group, options: grouped }, index) =>
            group === undefined ? (
              grouped.map(renderOption)
            ) : (
              <optgroup key={`${group}-${index}`} label={group}>
                {grouped.map(renderOption)}
              </optgroup>
            ),
          )}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function renderOption(option: SelectOption) {
  return (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
}

/** Consecutive options of one group together, in their order. */
function groupsOf(options: readonly SelectOption[]): { group: string | undefined; options: SelectOption[] }[] {
  const groups: { group: string | undefined; options: SelectOption[] }[] = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last && last.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}
