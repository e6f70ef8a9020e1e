import type { ReactNode } from "react";
import { onDemand, onDemandComponent } from "./on-demand";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, right-aligned under the body; "close" for a dialog that only shows something: one Close button. */
  footer?: ReactNode | "close";
  size?: "sm" | "md" | "lg" | "xl";
  /** False while work that must not be abandoned runs: Escape, a click outside and × do nothing then. */
  canClose?: boolean;
  testId?: string;
}

/**
 * A dialog over the page: focus stays inside it, Escape or a click outside closes it. Opening it
 * focuses the control given autoFocus, else the dialog itself. It never reaches past the window: its
 * body scrolls inside it, between its title's × and its buttons, which stay in view however long the
 * form or however short the window. Below md it takes the whole window: a phone has no room for a card
 * floating over the page. Toasts stand above its buttons, never over them. Headless UI's dialog is loaded
 * on demand (on-demand.ts): the first page does without it.
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <ModalDialog {...props} /> : null;
}

const ModalDialog = onDemandComponent(onDemand(() => import("./ModalDialog").then((module) => module.ModalDialog)));
