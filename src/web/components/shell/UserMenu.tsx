import { useState, type ComponentType } from "react";
import { useLocation } from "wouter";
import { useSession } from "../../session/useSession";
import { onDemand, onDemandComponent } from "../../ui/on-demand";
import { STAND_IN_ATTRIBUTE, useMountOnIntent } from "../../ui/useMountOnIntent";
import { UserMenuButtonFace, USER_MENU_BUTTON_CLASS } from "./UserMenuButtonFace";

export interface UserMenuProps {
  /** 'Change password': the app gives the account feature's dialog. */
  ChangePasswordDialog: ComponentType<{ onClose: () => void }>;
}

const dropdownCode = onDemand(() => import("./UserMenuDropdown").then((module) => module.UserMenuDropdown));
const UserMenuDropdown = onDemandComponent(dropdownCode);

/**
 * The signed-in user's own things: their account page, their password, signing out. The menu (Headless
 * UI's, on demand) takes the button's place once a person reaches for it (useMountOnIntent).
 */
export function UserMenu({ ChangePasswordDialog }: UserMenuProps) {
  const { user, signOut } = useSession();
  const [, navigate] = useLocation();
  const { isEngaged, containerProps } = useMountOnIntent<HTMLDivElement>(dropdownCode);
  // Outside the menu, which closes as soon as an item is chosen.
  const [isChangingPassword, setChangingPassword] = useState(false);
  if (!user) return null;

  return (
    <>
      <div className="flex" {...containerProps}>
        {isEngaged ? (
          <UserMenuDropdown user={user} onMyAccount={() => navigate("/account")} onChangePassword={() => setChangingPassword(true)} onSignOut={() => void signOut()} />
        ) : (
          <button type="button" {...STAND_IN_ATTRIBUTE} aria-haspopup="menu" aria-expanded="false" data-testid="user-menu-button" className={USER_MENU_BUTTON_CLASS}>
            <UserMenuButtonFace user={user} />
          </button>
        )}
      </div>
      {isChangingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </>
  );
}
