import { CloseIcon } from "../icons";
import type { ShownToast, ToastVariant } from "./toast-types";
import { useSwipeToDismiss } from "./useSwipeToDismiss";

const VARIANT_CLASSES: Record<ToastVariant, { card: string; description: string; close: string; action: string }> = {
  default: {
    card: "border-slate-200 bg-white text-slate-900",
    description: "text-slate-600",
    close: "text-slate-400 hover:bg-slate-100 hover:text-slate-700",
    action: "border-slate-300 text-slate-900 hover:bg-slate-100",
  },
  destructive: {
    card: "border-red-600 bg-red-600 text-white",
    description: "text-red-50",
    close: "text-red-100 hover:bg-red-500 hover:text-white",
    action: "border-red-200 text-white hover:bg-red-500",
  },
};

export function Toast({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  const swipe = useSwipeToDismiss(onDismiss);
  const classes = VARIANT_CLASSES[toast.variant ?? "default"];

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="toast"
      data-variant={toast.variant ?? "default"}
      {...swipe.handlers}
      style={{ transform: `translateX(${swipe.offsetX}px)` }}
      className={`toast-enter pointer-events-auto relative w-full touch-pan-y rounded-lg border p-4 pr-10 shadow-lg select-none ${
        swipe.isDragging ? "" : "transition-transform duration-200"
      } ${classes.card}`}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description && <p className={`mt-1 text-sm ${classes.description}`}>{toast.description}</p>}
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            onDismiss();
            toast.action!.onAction();
          }}
          className={`mt-3 rounded-md border px-3 py-1 text-sm font-medium focus:ring-2 focus:ring-blue-500 focus:outline-none ${classes.action}`}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Close"
        onClick={onDismiss}
        className={`absolute top-2 right-2 rounded-md p-1 focus:ring-2 focus:ring-blue-500 focus:outline-none ${classes.close}`}
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
