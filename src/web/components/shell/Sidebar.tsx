import { useAppConfig } from "../../api/app-config";
import { useTasksNeedingAttention } from "../../api/tasks";
import { useUnmatchedOrderCount } from "../../api/unmatched-orders";
import { isAdmin } from "../../session/session-user";
import { useSession } from "../../session/useSession";
import { ProductLogoIcon } from "../../ui/icons";
import { useLocation } from "wouter";
import { isNavLinkActive } from "./is-nav-link-active";
import { NAV_ITEMS, type NavItem } from "./nav-items";
import type { SidebarNavLinkProps } from "./SidebarNavLink";
import { SidebarNavLink } from "./SidebarNavLink";
import { SidebarUser } from "./SidebarUser";

/** The left column: branding, navigation and the signed-in user. Narrows on small screens to icons, each with its name in small type under it. */
export function Sidebar() {
  const { config } = useAppConfig();
  const { user } = useSession();
  const { total: tasksNeedingAttention } = useTasksNeedingAttention(user?.id);
  const unmatchedOrders = useUnmatchedOrderCount();
  const [location] = useLocation();
  const badgeOf = (item: NavItem): SidebarNavLinkProps["badge"] => {
    if (item.href === "/tasks" && tasksNeedingAttention !== undefined) return { count: tasksNeedingAttention, description: "overdue or due today", testId: "sidebar-tasks-badge" };
    if (item.href === "/unmatched-orders" && unmatchedOrders !== undefined) return { count: unmatchedOrders, description: "to match to an account", testId: "sidebar-unmatched-orders-badge" };
    return undefined;
  };
  const shown = (item: NavItem) =>
    (!item.adminOnly || (user !== null && isAdmin(user))) && (!item.onlyWithBadge || (badgeOf(item)?.count ?? 0) > 0 || isNavLinkActive(item.href, location));

  return (
    // The column's background runs the page's full height; its content stays in view while the page scrolls.
    <aside className="w-16 shrink-0 border-r border-slate-800 bg-slate-900 text-slate-300 md:w-64">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-16 items-center gap-3 border-b border-slate-800 px-3 md:px-5">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-600 text-white">
            <ProductLogoIcon className="size-5" />
          </span>
          <div className="hidden min-w-0 md:block">
            <p className="truncate text-sm font-semibold text-white" data-testid="sidebar-product-name">
              {config?.productName}
            </p>
            <p className="text-xs text-slate-400">CRM Dashboard</p>
          </div>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-1 py-4 md:px-3">
          <ul className="space-y-1">
            {NAV_ITEMS.filter(shown).map((item) => (
              <li key={item.href}>
                <SidebarNavLink item={item} badge={badgeOf(item)} />
              </li>
            ))}
          </ul>
        </nav>
        <SidebarUser />
      </div>
    </aside>
  );
}
