import { useId, type FormEvent, type ReactNode } from "react";
import { Button } from "./Button";
import { Modal, type ModalProps } from "./Modal";

export interface FormModalProps {
  title: string;
  description?: ReactNode;
  size?: ModalProps["size"];
  testId?: string;
  onClose: () => void;
  /** Called only while canSubmit holds, so a handler need not check it again. */
  onSubmit: () => void | Promise<void>;
  submitLabel: string;
  /** Replaces the submit label while the form's work runs. */
  pendingLabel: string;
  /** True while work runs that must not be abandoned halfway: the dialog cannot be dismissed then. */
  isPending: boolean;
  canSubmit: boolean;
  submitTestId?: string;
  /** The form's own classes; its fields stand one under another, a little apart, unless given. */
  formClassName?: string;
  formTestId?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form, with Cancel and submit buttons under it. The submit button sits in the
 * footer, outside the form, so it names the form: Enter in a field and a click submit alike.
 */
export function FormModal({
  title,
  description,
  size,
  testId,
  onClose,
  onSubmit,
  submitLabel,
  pendingLabel,
  isPending,
  canSubmit,
  submitTestId,
  formClassName = "space-y-4",
  formTestId,
  children,
}: FormModalProps) {
  const formId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) void onSubmit();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      size={size}
      canClose={!isPending}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={!canSubmit} data-testid={submitTestId}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className={formClassName} data-testid={formTestId}>
        {children}
      </form>
    </Modal>
  );
}
