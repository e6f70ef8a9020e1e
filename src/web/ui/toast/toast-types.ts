export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One button beside the message, such as Undo: pressing it closes the toast and does the action. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ShownToast extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen. */
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}
