import { HeaderSearch } from "./HeaderSearch";
import { NotificationBell } from "./NotificationBell";
import { UserMenu, type UserMenuProps } from "./UserMenu";
import { useScreenHeading } from "./useScreenHeading";

export function Header({ ChangePasswordDialog }: UserMenuProps) {
  const { title, subtitle } = useScreenHeading();

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4 md:gap-4 md:px-8">
      <div className="min-w-0 flex-1">
        {/* On a phone the title has the room the header's buttons leave: it wraps onto a second line rather than being cut. */}
        <h1 className="line-clamp-2 text-base leading-tight font-semibold break-words text-slate-900 sm:truncate sm:leading-normal md:text-xl" data-testid="screen-title">
          {title}
        </h1>
        {subtitle && (
          <p className="hidden truncate text-sm text-slate-500 sm:block" data-testid="screen-subtitle">
            {subtitle}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-1 md:gap-4">
        <HeaderSearch />
        <NotificationBell />
        <UserMenu ChangePasswordDialog={ChangePasswordDialog} />
      </div>
    </header>
  );
}
