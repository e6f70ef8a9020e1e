import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ComponentType } from "react";
import type { TeamMember } from "../../api/team";
import { ICON_BUTTON_CLASS } from "../Button";
import { KeyIcon, MoreHorizontalIcon, ShieldIcon, UserCheckIcon, UserOffIcon, type IconProps } from "../icons";
import type { TeamMemberAction } from "./team-members";

export interface TeamMemberActionsMenuProps {
  member: TeamMember;
  actions: readonly TeamMemberAction[];
  disabled: boolean;
  onAction: (action: TeamMemberAction) => void;
}

const ACTION_ITEMS: Record<TeamMemberAction, { label: string; icon: ComponentType<IconProps>; testId: string; isDestructive?: boolean }> = {
  changeRole: { label: "Change role", icon: ShieldIcon, testId: "team-change-role-item" },
  resetPassword: { label: "Reset password", icon: KeyIcon, testId: "team-reset-password-item" },
  deactivate: { label: "Deactivate", icon: UserOffIcon, testId: "team-deactivate-item", isDestructive: true },
  reactivate: { label: "Reactivate", icon: UserCheckIcon, testId: "team-reactivate-item" },
};

/** An administrator's actions on one team member, behind a '…' button at the end of the row. */
export function TeamMemberActionsMenu({ member, actions, disabled, onAction }: TeamMemberActionsMenuProps) {
  return (
    <Menu>
      <MenuButton
        disabled={disabled}
        aria-label={`Actions for ${member.name}`}
        title="User actions"
        className={`${ICON_BUTTON_CLASS} data-open:bg-slate-100`}
        data-testid="team-member-actions-button"
      >
        <MoreHorizontalIcon className="size-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        {actions.map((action) => {
          const { label, icon: Icon, testId, isDestructive = false } = ACTION_ITEMS[action];
          return (
            <MenuItem key={action}>
              <button
                type="button"
                onClick={() => onAction(action)}
                className={`flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm ${
                  isDestructive ? "text-red-600 data-focus:bg-red-50 data-focus:text-red-700" : "text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
                }`}
                data-testid={testId}
              >
                <Icon className="size-4" />
                {label}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
