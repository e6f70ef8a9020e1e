import { useState } from "react";
import type { ToastOptions } from "./toast/toast-types";
import { useToast } from "./toast/useToast";
import { describeFailure, type Failure, type FieldLabels } from "../api/client";

/** What a write means to the screen around it, beyond the request itself. */
export interface WriteOptions<T> {
  /**
   * Fetches again what the write changed: one of the api modules' refresh functions (useRefreshAccounts,
   * useRefreshLists...). The write stays pending until it is done, so that buttons come back only once
   * the screen shows the change; writes whose module keeps its own cache up to date need none.
   */
  refresh?: () => Promise<unknown>;
  /** The toast once the write succeeded, if any; a function of the server's answer when it names what was saved. */
  success?: ToastOptions | ((value: T) => ToastOptions);
  /**
   * What the screen does once the write succeeded, before the refresh starts: close the dialog, leave the
   * tab of a list just deleted (whose accounts would be refused if they were asked for again).
   */
  onSuccess?: (value: T) => void;
  /** The error toast's title; 'Error' unless given. */
  failureTitle?: string;
  /** What failed, said when the server's own words would not help: see describeFailure. */
  failureMessage?: string;
  /** The form's labels where they differ from the field's name said as words: the server's message names the field by its label. */
  fieldLabels?: FieldLabels;
  /** The form shows `failure` itself, in place of the error toast. */
  showsFailureItself?: boolean;
}

/** How a write ended: with the server's answer, or failed (and already reported). */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false };

/** The server's message for each input it refused, by the name the request gave it. */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

interface Write<T> {
  /**
   * Runs the write with the hook's options, overridden by those given here. Resolves once the write
   * succeeded or failed, never rejects: the failure has been reported. Forms keep a second one from
   * starting by disabling their submit button while isPending.
   */
  run: <Value extends T>(write: () => Promise<Value>, options?: WriteOptions<Value>) => Promise<WriteOutcome<Value>>;
  /** A write or the refresh after it is under way. */
  isPending: boolean;
  /** The last run's failure, until the next run. */
  failure: Failure | null;
  fieldErrors: FieldErrors;
  /** Forgets the failure about this input, once the person changes it. */
  clearFieldError: (field: string) => void;
}

/**
 * The one way the dashboard writes: every modal, form, inline edit and button that changes something
 * runs its request through here. Each used to keep its own pending flag, try/catch and toasts, and read
 * the server's errors its own way, so that the same refusal read differently from one dialog to the next.
 * Here they all behave alike: pending while the write runs, the server's reason (describeFailure) in an
 * error toast and beside the field it names, the screen's success toast, and the reads the change touched
 * fetched again. The options are the defaults of every run; a component with several writes (a task card's
 * Complete, Reschedule and Delete) gives each its own toasts in `run`.
 */
export function useWrite<T = unknown>(options: WriteOptions<T> = {}): Write<T> {
  const { toast } = useToast();
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [runWrite] = useState(() => createWriteRunner({ toast, setPending, setFailure }));

  return {
    run: (write, overrides) => runWrite(write, { ...options, ...overrides }),
    isPending,
    failure,
    fieldErrors: failure?.field ? { [failure.field]: failure.message } : {},
    clearFieldError: (field) => setFailure((current) => (current?.field === field ? null : current)),
  };
}

/** What a write changes on screen; React's state and the toasts in the app, plain functions in tests. */
interface WriteEffects {
  toast: (options: ToastOptions) => void;
  setPending: (isPending: boolean) => void;
  setFailure: (failure: Failure | null) => void;
}

/**
 * The steps of a write, apart from React, so that they can be tested without a page. `run` resolves as
 * soon as the write has succeeded or failed, so that a dialog closes and an inline edit shows the saved
 * value without waiting for the reads; pending lasts until the refresh is done, so that a button in place
 * (a list select, 'Not a duplicate') comes back only over fresh data.
 */
export function createWriteRunner(effects: WriteEffects) {
  // Counted rather than flagged: two inline edits of one card may save at once, or a write may start
  // while the refresh of the one before is still running.
  let underWay = 0;

  function finish() {
    underWay -= 1;
    if (underWay === 0) effects.setPending(false);
  }

  return async function run<T>(write: () => Promise<T>, options: WriteOptions<T>): Promise<WriteOutcome<T>> {
    underWay += 1;
    effects.setPending(true);
    effects.setFailure(null);
    let value: T;
    try {
      value = await write();
    } catch (error) {
      const failure = describeFailure(error, options.failureMessage, options.fieldLabels);
      effects.setFailure(failure);
      if (!options.showsFailureItself) effects.toast({ variant: "destructive", title: options.failureTitle ?? "Error", description: failure.message });
      finish();
      return { ok: false };
    }
    if (options.success) effects.toast(typeof options.success === "function" ? options.success(value) : options.success);
    options.onSuccess?.(value);
    // A read that fails to refresh shows its own error where it is displayed; the write itself succeeded.
    void Promise.resolve(options.refresh?.())
      .catch(() => undefined)
      .then(finish);
    return { ok: true, value };
  };
}
