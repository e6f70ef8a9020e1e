import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { SecretDescription } from "../../api/settings";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { isSetByEnvironment, secretPlaceholder } from "./secret-field";
import { SETTINGS_SAVE } from "./settings-save";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

export interface SecretFieldProps {
  label: string;
  /** What the secret is for and where to find it. */
  help: ReactNode;
  description: SecretDescription;
  canChange: boolean;
  /** Saves the trimmed value; rejects when the server refused it, which the field reports. */
  onSave: (value: string) => Promise<void>;
  /** Prefix of the hooks: `${testId}-input`, `${testId}-update`. */
  testId: string;
}

/**
 * A write-only secret: the field starts empty, whatever is saved, and says only how the saved value ends.
 * Update saves what was typed and empties the field again.
 */
export function SecretField({ label, help, description, canChange, onSave, testId }: SecretFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const [value, setValue] = useState("");
  const { run, isPending: isSaving } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setValue("") });
  const isLocked = !canChange || isSetByEnvironment(description);
  const typed = value.trim();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (isLocked || typed === "") return;
    await run(() => onSave(typed));
  }

  return (
    <form onSubmit={(event) => void save(event)} data-testid={testId}>
      <label htmlFor={inputId} className={FIELD_LABEL_CLASS}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={secretPlaceholder(description)}
          disabled={isLocked || isSaving}
          // Never offer the sign-in password saved for this site, nor save this one as it.
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby={helpId}
          className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:font-sans placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50"
          data-testid={`${testId}-input`}
        />
        <Button type="submit" disabled={isLocked || typed === "" || isSaving} data-testid={`${testId}-update`}>
          {isSaving ? "Updating..." : "Update"}
        </Button>
      </div>
      <p id={helpId} className="mt-1.5 text-xs text-slate-500">
        {help}
      </p>
    </form>
  );
}
