import type { SessionUser } from "../../session/session-user";
import { ChevronDownIcon } from "../../ui/icons";
import { UserAvatar } from "./UserAvatar";

export const USER_MENU_BUTTON_CLASS =
  "flex items-center gap-3 rounded-lg px-1 py-1.5 text-left md:px-2 hover:bg-slate-100 focus:ring-2 focus:ring-blue-500 focus:outline-none data-open:bg-slate-100";

/** What the user menu's button shows, the same before and after the menu takes its place: who is signed in. */
export function UserMenuButtonFace({ user }: { user: Pick<SessionUser, "name" | "email"> }) {
  return (
    <>
      <UserAvatar name={user.name} />
      <span className="hidden min-w-0 lg:block">
        <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
        <span className="block truncate text-xs text-slate-500">{user.email}</span>
      </span>
      {/* Left out on a phone, where the screen's title needs the room. */}
      <ChevronDownIcon className="hidden size-4 text-slate-400 sm:block" />
    </>
  );
}
