import type { ComponentType } from "react";
import { AccountsIcon, AnalyticsIcon, HistoryIcon, ListsIcon, PackageIcon, SettingsIcon, TasksIcon, type IconProps } from "../../ui/icons";

export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<IconProps>;
  /** Shown to administrators only: the server answers 403 to everyone else. */
  adminOnly?: boolean;
  /** Shown only while its badge counts something (or its screen is open): most businesses never need it. */
  onlyWithBadge?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Accounts", href: "/accounts", icon: AccountsIcon },
  { label: "Lists", href: "/lists", icon: ListsIcon },
  { label: "Tasks", href: "/tasks", icon: TasksIcon },
  { label: "Analytics", href: "/analytics", icon: AnalyticsIcon },
  // A soft hyphen (U+00AD), invisible unless a line breaks there: the narrow sidebar, too narrow for
  // "Unmatched", breaks it as "Un-matched" rather than anywhere inside the word.
  { label: "Un\u00ADmatched Orders", href: "/unmatched-orders", icon: PackageIcon, onlyWithBadge: true },
  { label: "Audit", href: "/audit", icon: HistoryIcon, adminOnly: true },
  { label: "Settings", href: "/settings", icon: SettingsIcon },
];
