import { Link, useLocation } from "wouter";
import { formatBadgeCount, formatCount } from "../../format/count";
import { isNavLinkActive } from "./is-nav-link-active";
import type { NavItem } from "./nav-items";

export interface SidebarNavLinkProps {
  item: NavItem;
  /** What needs attention behind the link, as a count badge; none when 0 or absent. */
  badge?: { count: number; description: string; testId: string };
}

export function SidebarNavLink({ item, badge }: SidebarNavLinkProps) {
  const [location] = useLocation();
  const isActive = isNavLinkActive(item.href, location);
  const Icon = item.icon;
  const hasBadge = badge !== undefined && badge.count > 0;

  return (
    <Link
      href={item.href}
      aria-current={isActive ? "page" : undefined}
      title={hasBadge ? `${item.label}: ${formatCount(badge.count)} ${badge.description}` : item.label}
      className={`relative flex flex-col items-center justify-center gap-1 rounded-lg px-0.5 py-2 text-[10px] leading-tight font-medium transition-colors focus:ring-2 focus:ring-blue-500 focus:outline-none md:flex-row md:justify-start md:gap-3 md:px-3 md:py-2.5 md:text-sm ${
        isActive ? "bg-blue-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"
      }`}
    >
      <Icon className="size-5 shrink-0" />
      {/* In the narrow sidebar too, in small type under the icon: an icon alone does not say where it leads. */}
      <span className="max-w-full text-center break-words">{item.label}</span>
      {hasBadge && (
        // Over the icon's corner in the narrow sidebar; at the row's end in the wide one.
        <span
          className={`absolute top-0.5 right-0.5 min-w-4.5 rounded-full px-1 py-0.5 text-center text-[10px] leading-none font-semibold tabular-nums md:static md:ml-auto md:min-w-5 md:px-1.5 md:py-1 md:text-xs ${
            isActive ? "bg-white text-blue-700" : "bg-red-500 text-white"
          }`}
        >
          {/* Capped over the icon, where a long number would hide it. */}
          <span aria-hidden="true" className="md:hidden">
            {formatBadgeCount(badge.count)}
          </span>
          <span className="sr-only md:not-sr-only" data-testid={badge.testId}>
            {formatCount(badge.count)}
          </span>
          <span className="sr-only"> {badge.description}</span>
        </span>
      )}
    </Link>
  );
}
