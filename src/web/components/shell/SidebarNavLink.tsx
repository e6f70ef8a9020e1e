import { Link, useLocation } from "wouter";
import { isNavLinkActive } from "./is-nav-link-active";
import type { NavItem } from "./nav-items";

export function SidebarNavLink({ item }: { item: NavItem }) {
  const [location] = useLocation();
  const isActive = isNavLinkActive(item.href, location);
  const Icon = item.icon;

  return (
    <Link
      href={item.href}
      aria-current={isActive ? "page" : undefined}
      title={item.label}
      className={`flex items-center justify-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus:ring-2 focus:ring-blue-500 focus:outline-none md:justify-start ${
        isActive ? "bg-blue-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"
      }`}
    >
      <Icon className="size-5 shrink-0" />
      <span className="sr-only md:not-sr-only">{item.label}</span>
    </Link>
  );
}
