import type { ComponentType } from "react";

/**
 * The code of every screen but the accounts table's own (the first page), by its route's path: an account's
 * screen, the lists with their tabs, the charts, the task board, the unmatched orders, the integrations and
 * team, the audit trail, and the user's own sessions. Each import is a chunk of its own
 * (build.ts splits dynamic imports), fetched when first needed, so that the code everybody loads first stays
 * small. The server names the opened screen's chunk in the page it sends (server/dashboard-files.ts reads
 * this table in the build), so that it arrives beside the dashboard's own code.
 */
export const SCREEN_CODE = {
  "/accounts/:id": () => import("./screens/AccountDetail").then((module) => module.AccountDetailScreen),
  "/lists": () => import("./screens/Lists").then((module) => module.ListsScreen),
  "/tasks": () => import("./screens/Tasks").then((module) => module.TasksScreen),
  "/analytics": () => import("./screens/Analytics").then((module) => module.AnalyticsScreen),
  "/settings": () => import("./screens/Settings").then((module) => module.SettingsScreen),
  "/unmatched-orders": () => import("./screens/UnmatchedOrders").then((module) => module.UnmatchedOrdersScreen),
  "/audit": () => import("./screens/Audit").then((module) => module.AuditScreen),
  "/account": () => import("./screens/Account").then((module) => module.AccountScreen),
} satisfies Record<string, () => Promise<ComponentType>>;
