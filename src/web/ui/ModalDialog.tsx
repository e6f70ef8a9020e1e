import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "./headless-ui";
import { useCallback, useRef } from "react";
import { Button } from "./Button";
import type { ModalProps } from "./Modal";
import { CloseIcon } from "./icons";
import { keepToastsClearOf } from "./toast/dialog-clearance";

/** An open Modal (Modal.tsx): Headless UI's dialog, loaded on demand. */
export function ModalDialog({ onClose, title, description, children, footer, size = "md", canClose = true, testId }: Omit<ModalProps, "open">) {
  function closeIfAllowed() {
    if (canClose) onClose();
  }
  const releaseToasts = useRef<(() => void) | null>(null);
  const footerMounted = useCallback((node: HTMLDivElement | null) => {
    releaseToasts.current?.();
    releaseToasts.current = node ? keepToastsClearOf(node) : null;
  }, []);

  return (
    <Dialog open onClose={closeIfAllowed} className="fixed inset-0 z-50">
      <DialogBackdrop className="modal-backdrop-enter fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex md:items-center md:justify-center md:p-4">
        <DialogPanel
          data-testid={testId}
          className={`modal-enter relative flex h-dvh w-full min-w-0 flex-col bg-white md:h-auto md:max-h-full md:rounded-xl md:border md:border-slate-200 md:shadow-xl ${PANEL_WIDTHS[size]}`}
        >
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pt-5 pb-4 md:px-6" data-testid="modal-body">
            <DialogTitle className="pr-8 text-lg font-semibold break-words text-slate-900">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-slate-500">{description}</Description>}
            {children && <div className="mt-4">{children}</div>}
          </div>
          {footer && (
            <div
              ref={footerMounted}
              className="flex shrink-0 flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50 px-4 py-3 sm:flex-row sm:justify-end md:rounded-b-xl md:px-6"
              data-testid="modal-footer"
            >
              {footer === "close" ? (
                <Button variant="primary" onClick={onClose}>
                  Close
                </Button>
              ) : (
                footer
              )}
            </div>
          )}
          {/* Last in the DOM, so that Tab reaches the dialog's own controls before ×. Outside the scrolling body: always in reach. */}
          <button
            type="button"
            aria-label="Close"
            onClick={closeIfAllowed}
            disabled={!canClose}
            className="absolute top-4 right-4 rounded-md bg-white/90 p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:invisible"
          >
            <CloseIcon className="size-5" />
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const PANEL_WIDTHS = { sm: "md:max-w-md", md: "md:max-w-lg", lg: "md:max-w-2xl", xl: "md:max-w-4xl" } as const;
