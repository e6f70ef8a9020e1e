import type { ReactNode } from "react";
import { Header } from "./Header";
import type { UserMenuProps } from "./UserMenu";
import { Sidebar } from "./Sidebar";

/**
 * The signed-in layout: sidebar on the left, header on top, the screen below it. The page itself
 * scrolls, with sidebar and header pinned, so a full-page screenshot or print shows a whole screen.
 */
export interface ShellProps extends UserMenuProps {
  children: ReactNode;
}

export function Shell({ children, ChangePasswordDialog }: ShellProps) {
  return (
    <div className="flex min-h-screen bg-slate-50">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header ChangePasswordDialog={ChangePasswordDialog} />
        <main className="flex-1 p-4 md:p-8">{children}</main>
      </div>
    </div>
  );
}
