import { Menu, MenuButton, MenuItems } from "@headlessui/react";
import { useState, type ComponentType } from "react";
import { useLocation } from "wouter";
import { useSession } from "../../session/useSession";
import { ActionsMenuItem } from "../../ui/ActionsMenu";
import { ChevronDownIcon, KeyIcon, SignOutIcon, UserIcon } from "../../ui/icons";
import { UserAvatar } from "./UserAvatar";

export interface UserMenuProps {
  /** 'Change password': the app gives the account feature's dialog. */
  ChangePasswordDialog: ComponentType<{ onClose: () => void }>;
}

/** The signed-in user's own things: their account page, their password, signing out. */
export function UserMenu({ ChangePasswordDialog }: UserMenuProps) {
  const { user, signOut } = useSession();
  const [, navigate] = useLocation();
  // Outside the menu, which closes as soon as an item is chosen.
  const [isChangingPassword, setChangingPassword] = useState(false);
  if (!user) return null;

  return (
    <>
      <Menu>
        <MenuButton
          data-testid="user-menu-button"
          className="flex items-center gap-3 rounded-lg px-1 py-1.5 text-left md:px-2 hover:bg-slate-100 focus:ring-2 focus:ring-blue-500 focus:outline-none data-open:bg-slate-100"
        >
          <UserAvatar name={user.name} />
          <span className="hidden min-w-0 lg:block">
            <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
          </span>
          {/* Left out on a phone, where the screen's title needs the room. */}
          <ChevronDownIcon className="hidden size-4 text-slate-400 sm:block" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <ActionsMenuItem icon={UserIcon} label="My account" onClick={() => navigate("/account")} className="mt-1" testId="my-account-item" />
          <ActionsMenuItem icon={KeyIcon} label="Change password" onClick={() => setChangingPassword(true)} testId="change-password-item" />
          <ActionsMenuItem icon={SignOutIcon} label="Logout" onClick={() => void signOut()} />
        </MenuItems>
      </Menu>
      {isChangingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}
