import type { ComponentType } from "react";
import { pathMatches } from "../contracts/dashboard-paths.ts";

/**
 * The code of every screen but the accounts table's own (the first page, whose parts the Lists tabs share),
 * by its route's path: an account's screen, the charts, the task board, the unmatched orders, the
 * integrations and team, the audit trail, and the user's own sessions. Each import is a chunk of its own
 * (build.ts splits dynamic imports), fetched when first needed, so that the code everybody loads first stays
 * small. Free of React's runtime, so that the page's first script (first-reads.ts) can start fetching the
 * opened screen's code before the dashboard's has arrived.
 */
export const SCREEN_CODE = {
  "/accounts/:id": () => import("./screens/AccountDetail").then((module) => module.AccountDetailScreen),
  "/tasks": () => import("./screens/Tasks").then((module) => module.TasksScreen),
  "/analytics": () => import("./screens/Analytics").then((module) => module.AnalyticsScreen),
  "/settings": () => import("./screens/Settings").then((module) => module.SettingsScreen),
  "/unmatched-orders": () => import("./screens/UnmatchedOrders").then((module) => module.UnmatchedOrdersScreen),
  "/audit": () => import("./screens/Audit").then((module) => module.AuditScreen),
  "/account": () => import("./screens/Account").then((module) => module.AccountScreen),
} satisfies Record<string, () => Promise<ComponentType>>;

/** Starts fetching the code of the screen at `pathname`, if it has code of its own. */
export function fetchScreenCode(pathname: string): void {
  const path = (Object.keys(SCREEN_CODE) as (keyof typeof SCREEN_CODE)[]).find((routePath) => pathMatches(routePath, pathname));
  if (path !== undefined) void SCREEN_CODE[path]().catch(() => undefined);
}
