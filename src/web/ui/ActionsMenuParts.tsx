import type { ComponentType, ReactNode } from "react";
import { Menu, MenuButton, MenuItem, MenuItems } from "./headless-ui";
import { ICON_BUTTON_CLASS } from "./Button";
import { MoreHorizontalIcon, type IconProps } from "./icons";

/** The menu of an ActionsMenu (ActionsMenu.tsx): Headless UI's, loaded on demand. */
export function ActionsMenuDropdown({ label, title, testId, disabled, width, className, children }: { label: string; title: string; testId: string; disabled?: boolean; width: string; className: string; children: ReactNode }) {
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

export interface MenuActionProps {
  icon: ComponentType<IconProps>;
  label: string;
  onClick: () => void;
  testId?: string;
  /** Red, for an action that deletes or shuts someone out. */
  isDestructive?: boolean;
  className?: string;
}

/** One item of a Headless UI menu: an icon and a label; arrow keys reach it. */
export function MenuAction({ icon: Icon, label, onClick, testId, isDestructive = false, className = "" }: MenuActionProps) {
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
