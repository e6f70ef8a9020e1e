export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ShownToast extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen. */
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}
