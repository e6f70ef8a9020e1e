export interface AccountCheckboxProps {
  label: string;
  checked: boolean;
  /** Part of what it stands for is ticked: the header's box over a page ticked in part. */
  indeterminate?: boolean;
  disabled?: boolean;
  /** Why it is disabled, on hover. */
  title?: string;
  onChange: () => void;
  testId: string;
}

/** A box that ticks an account, or a page of them, for the bulk actions. Large enough to hit with a thumb. */
export function AccountCheckbox({ label, checked, indeterminate = false, disabled, title, onChange, testId }: AccountCheckboxProps) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      title={title}
      checked={checked}
      disabled={disabled}
      ref={(checkbox) => {
        if (checkbox) checkbox.indeterminate = indeterminate;
      }}
      onChange={onChange}
      className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-blue-600 focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed"
      data-testid={testId}
    />
  );
}
