import { roleLabel } from "../../session/role-label";
import { useSession } from "../../session/useSession";
import { SignOutIcon } from "../../ui/icons";
import { UserAvatar } from "./UserAvatar";

export function SidebarUser() {
  const { user, signOut } = useSession();
  if (!user) return null;

  return (
    <div className="border-t border-slate-800 p-1 md:p-4">
      <div className="mb-3 hidden items-center gap-3 md:flex">
        <UserAvatar name={user.name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-white" data-testid="sidebar-user-name">
            {user.name}
          </p>
          <p className="text-xs text-slate-400" data-testid="sidebar-user-role">
            {roleLabel(user.role)}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => void signOut()}
        title="Sign Out"
        className="flex w-full flex-col items-center justify-center gap-1 rounded-lg px-0.5 py-2 text-[10px] leading-tight font-medium text-slate-300 transition-colors hover:bg-slate-800 hover:text-white focus:ring-2 focus:ring-blue-500 focus:outline-none md:flex-row md:justify-start md:gap-2 md:px-3 md:text-sm"
      >
        <SignOutIcon className="size-5 shrink-0" />
        <span className="max-w-full text-center break-words">Sign Out</span>
      </button>
    </div>
  );
}
