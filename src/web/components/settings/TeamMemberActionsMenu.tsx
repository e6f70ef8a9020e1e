import type { TeamMember } from "../../api/team";
import { ActionsMenu, ActionsMenuItem, type ActionsMenuItemProps } from "../../ui/ActionsMenu";
import { KeyIcon, ShieldIcon, SignOutIcon, UserCheckIcon, UserOffIcon } from "../../ui/icons";
import type { TeamMemberAction } from "./team-members";

export interface TeamMemberActionsMenuProps {
  member: TeamMember;
  actions: readonly TeamMemberAction[];
  disabled: boolean;
  onAction: (action: TeamMemberAction) => void;
}

const ACTION_ITEMS: Record<TeamMemberAction, Omit<ActionsMenuItemProps, "onClick">> = {
  changeRole: { label: "Change role", icon: ShieldIcon, testId: "team-change-role-item" },
  resetPassword: { label: "Reset password", icon: KeyIcon, testId: "team-reset-password-item" },
  endSessions: { label: "End sessions", icon: SignOutIcon, testId: "team-end-sessions-item" },
  deactivate: { label: "Deactivate", icon: UserOffIcon, testId: "team-deactivate-item", isDestructive: true },
  reactivate: { label: "Reactivate", icon: UserCheckIcon, testId: "team-reactivate-item" },
};

/** An administrator's actions on one team member, behind a '…' button at the end of the row. */
export function TeamMemberActionsMenu({ member, actions, disabled, onAction }: TeamMemberActionsMenuProps) {
  return (
    <ActionsMenu disabled={disabled} label={`Actions for ${member.name}`} title="User actions" testId="team-member-actions-button" width="w-48">
      {actions.map((action) => (
        <ActionsMenuItem key={action} {...ACTION_ITEMS[action]} onClick={() => onAction(action)} />
      ))}
    </ActionsMenu>
  );
}
