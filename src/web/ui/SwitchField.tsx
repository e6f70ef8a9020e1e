import { useId, type ReactNode } from "react";

export interface SwitchFieldProps {
  title: ReactNode;
  /** The title's id, for a section it names. */
  titleId?: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * A setting turned on or off: its title and what it does, and a switch (WAI-ARIA's switch: a button whose
 * aria-checked says on or off) named and described by them. Ours rather than Headless UI's, which the first
 * page does without (on-demand.ts): Settings shows switches on its first render.
 */
export function SwitchField({ title, titleId, description, checked, onChange, disabled = false, testId }: SwitchFieldProps) {
  const ownTitleId = useId();
  const descriptionId = useId();
  const labelId = titleId ?? ownTitleId;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        {/* Clicking the title flips the switch, as clicking a checkbox's label does. */}
        <h3 id={labelId} onClick={() => !disabled && onChange(!checked)} className={`text-sm font-semibold text-slate-900 ${disabled ? "" : "cursor-pointer"}`}>
          {title}
        </h3>
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-500">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-checked={checked ? "" : undefined}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 focus-visible:outline-none data-checked:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-60"
        data-testid={testId}
      >
        <span aria-hidden="true" className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5.5" />
      </button>
    </div>
  );
}
