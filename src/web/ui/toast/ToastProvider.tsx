import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Toast } from "./Toast";
import { ToastContext } from "./toast-context";
import { ToastRegion } from "./ToastRegion";
import type { ShownToast, ToastApi, ToastOptions } from "./toast-types";

const TOAST_DURATION_MS = 5000;
/** A toast offering an action (Undo) stays long enough to read it and change one's mind. */
const TOAST_WITH_ACTION_DURATION_MS = 10_000;

/** Holds the single toast on screen and renders the notification region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [shownToast, setShownToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);

  const toast = useCallback((options: ToastOptions) => {
    setShownToast({ ...options, id: nextId.current++ });
  }, []);
  const dismiss = useCallback(() => setShownToast(null), []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const shownToastId = shownToast?.id;
  const hasAction = shownToast?.action !== undefined;
  useEffect(() => {
    if (shownToastId === undefined) return;
    const timer = setTimeout(dismiss, hasAction ? TOAST_WITH_ACTION_DURATION_MS : TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shownToastId, hasAction, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion>{shownToast && <Toast key={shownToast.id} toast={shownToast} onDismiss={dismiss} />}</ToastRegion>
    </ToastContext.Provider>
  );
}
