import type { ReactNode } from "react";
import { ICON_BUTTON_CLASS } from "./Button";
import { MoreHorizontalIcon } from "./icons";
import { onDemand } from "./on-demand";
import type { MenuActionProps } from "./ActionsMenuParts";
import { STAND_IN_ATTRIBUTE, useMountOnIntent } from "./useMountOnIntent";

/** The menu's code (Headless UI's), which the first page does without (on-demand.ts). */
export const actionsMenuCode = onDemand(() => import("./ActionsMenuParts"));

export interface ActionsMenuProps {
  /** The '…' button's accessible name, which says whose actions these are. */
  label: string;
  title: string;
  testId: string;
  disabled?: boolean;
  /** Wide enough for the longest item's label. */
  width?: "w-44" | "w-48";
  className?: string;
  /**
   * Only the button's look while true, for an item that mounts its controls together once a person reaches
   * for it (its useMountOnIntent waiting for actionsMenuCode). Left out, the menu does the same on its own.
   */
  standIn?: boolean;
  children: ReactNode;
}

/** Actions on one thing, behind a '…' button; arrow keys move between the items. */
export function ActionsMenu({ standIn, ...props }: ActionsMenuProps) {
  return standIn === undefined ? <MenuOnIntent {...props} /> : <MenuOrStandIn {...props} standIn={standIn} />;
}

function MenuOnIntent(props: Omit<ActionsMenuProps, "standIn">) {
  const { isEngaged, containerProps } = useMountOnIntent<HTMLDivElement>(actionsMenuCode);
  return (
    <div className="contents" {...containerProps}>
      <MenuOrStandIn {...props} standIn={!isEngaged} />
    </div>
  );
}

function MenuOrStandIn({ label, title, testId, disabled, width = "w-44", className = "", standIn, children }: ActionsMenuProps & { standIn: boolean }) {
  const code = actionsMenuCode.loaded;
  if (standIn || code === undefined) {
    return (
      <button type="button" {...STAND_IN_ATTRIBUTE} disabled={disabled} aria-label={label} aria-haspopup="menu" title={title} className={`${ICON_BUTTON_CLASS} ${className}`} data-testid={testId}>
        <MoreHorizontalIcon className="size-4" />
      </button>
    );
  }
  return (
    <code.ActionsMenuDropdown label={label} title={title} testId={testId} disabled={disabled} width={width} className={className}>
      {children}
    </code.ActionsMenuDropdown>
  );
}

export type ActionsMenuItemProps = MenuActionProps;

/** An item of an ActionsMenu: shown only inside the open menu, whose code is in by then. */
export function ActionsMenuItem(props: ActionsMenuItemProps) {
  const code = actionsMenuCode.loaded;
  return code === undefined ? null : <code.MenuAction {...props} />;
}
