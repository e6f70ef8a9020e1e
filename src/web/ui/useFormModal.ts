import { useWrite, type WriteOptions } from "./use-write";
import { useFormValues } from "./useFormValues";

export interface FormModalStateOptions<Values extends object, T> extends Omit<WriteOptions<T>, "refresh"> {
  initial: Values | (() => Values);
  /** Closes the dialog: Cancel, Escape, or the dialog's own close button. */
  onClose: () => void;
  /** Whether the values may be sent; never while a write runs, whatever this says. True unless given. */
  canSubmit?: (values: Values) => boolean;
  /** The request the submit button sends, made of the values as typed. */
  send: (values: Values) => Promise<T>;
  /** Fetches again what the write changed (see WriteOptions.refresh), knowing what was sent. */
  refresh?: (values: Values) => Promise<unknown>;
}

/**
 * The one way a form dialog is wired: its values (useFormValues), its write (useWrite), and the props
 * FormModal takes from them, to spread on it: submit only while `canSubmit` holds and no write runs,
 * and no dismissing the dialog while the write is under way. `generalFailure` is a refusal the server
 * did not tie to one of the fields, for a form that shows failures itself.
 */
export function useFormModal<Values extends object, T = unknown>({ initial, onClose, canSubmit, send, refresh, ...writeOptions }: FormModalStateOptions<Values, T>) {
  const write = useWrite<T>(writeOptions);
  const { values, setValues, fieldProps } = useFormValues<Values>(initial, write);
  const generalFailure = write.failure && !(write.failure.field && write.failure.field in values) ? write.failure : null;
  const modalProps = {
    onClose,
    isPending: write.isPending,
    canSubmit: (canSubmit?.(values) ?? true) && !write.isPending,
    onSubmit: async () => {
      await write.run(() => send(values), { refresh: refresh && (() => refresh(values)) });
    },
  };
  return { write, values, setValues, fieldProps, generalFailure, modalProps };
}

/** What a form dialog is called, and what its submit button says before and while it sends. */
export interface FormModalLabels {
  title: string;
  submitLabel: string;
  pendingLabel: string;
}

/** A dialog that edits something saves it: 'Save Changes', then 'Saving...'. */
export function editLabels(title: string): FormModalLabels {
  return { title, submitLabel: "Save Changes", pendingLabel: "Saving..." };
}
