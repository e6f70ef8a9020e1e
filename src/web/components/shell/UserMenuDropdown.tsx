import { Menu, MenuButton, MenuItems } from "../../ui/headless-ui";
import type { SessionUser } from "../../session/session-user";
import { MenuAction } from "../../ui/ActionsMenuParts";
import { KeyIcon, SignOutIcon, UserIcon } from "../../ui/icons";
import { UserMenuButtonFace, USER_MENU_BUTTON_CLASS } from "./UserMenuButtonFace";

export interface UserMenuDropdownProps {
  user: Pick<SessionUser, "name" | "email">;
  onMyAccount: () => void;
  onChangePassword: () => void;
  onSignOut: () => void;
}

/** The user menu itself (UserMenu.tsx), loaded on demand. */
export function UserMenuDropdown({ user, onMyAccount, onChangePassword, onSignOut }: UserMenuDropdownProps) {
  return (
    <Menu>
      <MenuButton data-testid="user-menu-button" className={USER_MENU_BUTTON_CLASS}>
        <UserMenuButtonFace user={user} />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        <div className="border-b border-slate-100 px-3 py-2">
          <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <MenuAction icon={UserIcon} label="My account" onClick={onMyAccount} className="mt-1" testId="my-account-item" />
        <MenuAction icon={KeyIcon} label="Change password" onClick={onChangePassword} testId="change-password-item" />
        <MenuAction icon={SignOutIcon} label="Logout" onClick={onSignOut} />
      </MenuItems>
    </Menu>
  );
}
