import { useId } from "react";
import { copyToClipboard } from "../copy-to-clipboard";
import { Button } from "./Button";
import { CopyIcon } from "./icons";
import { useToast } from "./toast/useToast";
import { FIELD_LABEL_CLASS } from "./field-label";

export interface CopyableValueProps {
  label: string;
  /** What the field shows. */
  value: string;
  /** What Copy puts on the clipboard, where it is more than what is shown; the value unless given. */
  copyText?: string;
  /** What the value is, in the error toast: 'password' says 'The password could not be copied'. */
  what: string;
  /** The copy button's name for screen readers: 'Copy password'. */
  copyLabel: string;
  testId: string;
  copyTestId: string;
  /** Stacked below sm, side by side from sm on; side by side always unless given. */
  stackOnPhones?: boolean;
  /** A secret someone must copy now: mono text in the darker slate, no autocompletion, the button focused. */
  isSecret?: boolean;
  /** The note under the field, if any, that describes it. */
  describedBy?: string;
}

/** Copies text, then says so in a toast; where the browser refuses, an error toast says `failure`. */
export function useCopyWithToast(): (text: string, failure: string) => Promise<void> {
  const { toast } = useToast();
  return async (text, failure) => {
    try {
      await copyToClipboard(text);
      toast({ title: "Copied to clipboard" });
    } catch {
      toast({ variant: "destructive", title: "Error", description: failure });
    }
  };
}

/**
 * A read-only value and a button that copies it, then says so in a toast; if the browser refuses, the
 * toast asks to select it and copy it by hand (the field selects all of it when focused).
 */
export function CopyableValue({ label, value, copyText = value, what, copyLabel, testId, copyTestId, stackOnPhones = false, isSecret = false, describedBy }: CopyableValueProps) {
  const copy = useCopyWithToast();
  const inputId = useId();

  return (
    <>
      <label htmlFor={inputId} className={FIELD_LABEL_CLASS}>
        {label}
      </label>
      <div className={stackOnPhones ? "flex flex-col gap-2 sm:flex-row" : "flex gap-2"}>
        <input
          id={inputId}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          autoComplete={isSecret ? "off" : undefined}
          spellCheck={isSecret ? false : undefined}
          aria-describedby={describedBy}
          className={`block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none ${isSecret ? "text-slate-900" : "text-slate-700"}`}
          data-testid={testId}
        />
        <Button
          icon={CopyIcon}
          onClick={() => void copy(copyText, `The ${what} could not be copied: select it and copy it by hand.`)}
          aria-label={copyLabel}
          autoFocus={isSecret}
          className={stackOnPhones ? "self-start sm:self-auto" : undefined}
          data-testid={copyTestId}
        >
          Copy
        </Button>
      </div>
    </>
  );
}
