import type { ButtonHTMLAttributes, ComponentType } from "react";
import type { IconProps } from "./icons";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shown before the text. */
  icon?: ComponentType<IconProps>;
}

export function Button({ variant = "secondary", size = "md", icon: Icon, type = "button", className = "", children, ...props }: ButtonProps) {
  return (
    <button type={type} className={`${buttonClassName(variant, size)} ${className}`} {...props}>
      {Icon && <Icon className="size-4 shrink-0" />}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  icon: ComponentType<IconProps>;
}

/** A square button showing only an icon; its label names it for screen readers and on hover. */
export function IconButton({ label, icon: Icon, type = "button", className = "", ...props }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={label} className={`${ICON_BUTTON_CLASS} ${className}`} {...props}>
      <Icon className="size-4" />
    </button>
  );
}

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "border-transparent bg-blue-600 text-white shadow-sm hover:bg-blue-700",
  secondary: "border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50",
  danger: "border-transparent bg-red-600 text-white shadow-sm hover:bg-red-700",
  ghost: "border-transparent bg-transparent text-slate-600 hover:bg-slate-100 hover:text-slate-900",
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: "gap-1.5 px-3 py-1.5 text-sm",
  md: "gap-2 px-4 py-2 text-sm",
};

/** The look of a button, for links that act as one. */
export function buttonClassName(variant: ButtonVariant, size: ButtonSize = "md"): string {
  return `inline-flex items-center justify-center rounded-lg border font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 ${VARIANT_CLASSES[variant]} ${SIZE_CLASSES[size]}`;
}

/** The look of an icon-only button, for links that act as one. */
export const ICON_BUTTON_CLASS =
  "inline-flex size-7 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50";
