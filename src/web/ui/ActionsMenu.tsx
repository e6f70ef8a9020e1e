import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ComponentType, ReactNode } from "react";
import { ICON_BUTTON_CLASS } from "./Button";
import { MoreHorizontalIcon, type IconProps } from "./icons";
import { STAND_IN_ATTRIBUTE } from "./useMountOnIntent";

export interface ActionsMenuProps {
  /** The '…' button's accessible name, which says whose actions these are. */
  label: string;
  title: string;
  testId: string;
  disabled?: boolean;
  /** Wide enough for the longest item's label. */
  width?: "w-44" | "w-48";
  className?: string;
  /** Only the button's look, until a person reaches for it (see useMountOnIntent). */
  standIn?: boolean;
  children: ReactNode;
}

/** Actions on one thing, behind a '…' button; arrow keys move between the items. */
export function ActionsMenu({ label, title, testId, disabled, width = "w-44", className = "", standIn = false, children }: ActionsMenuProps) {
  if (standIn) {
    return (
      <button type="button" {...STAND_IN_ATTRIBUTE} disabled={disabled} aria-label={label} aria-haspopup="menu" title={title} className={`${ICON_BUTTON_CLASS} ${className}`} data-testid={testId}>
        <MoreHorizontalIcon className="size-4" />
      </button>
    );
  }
  return (
    <Menu>
      <MenuButton disabled={disabled} aria-label={label} title={title} className={`${ICON_BUTTON_CLASS} data-open:bg-slate-100 ${className}`} data-testid={testId}>
        <MoreHorizontalIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className={`z-40 mt-1 ${width} rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none`}>
        {children}
      </MenuItems>
    </Menu>
  );
}

export interface ActionsMenuItemProps {
  icon: ComponentType<IconProps>;
  label: string;
  onClick: () => void;
  testId?: string;
  /** Red, for an action that deletes or shuts someone out. */
  isDestructive?: boolean;
  className?: string;
}

export function ActionsMenuItem({ icon: Icon, label, onClick, testId, isDestructive = false, className = "" }: ActionsMenuItemProps) {
  return (
    <MenuItem>
      <button
        type="button"
        onClick={onClick}
        className={`flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm ${
          isDestructive ? "text-red-600 data-focus:bg-red-50 data-focus:text-red-700" : "text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
        } ${className}`}
        data-testid={testId}
      >
        <Icon className="size-4" />
        {label}
      </button>
    </MenuItem>
  );
}
