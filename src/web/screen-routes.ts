import { createElement, lazy, Suspense, type ComponentType } from "react";
import { LoadError } from "./ui/LoadError";
import { Spinner } from "./ui/Spinner";
import { AccountsScreen } from "./screens/Accounts";
import { ListsScreen } from "./screens/Lists";

/** The title and subtitle the shell header shows for a screen. */
export interface ScreenHeading {
  title: string;
  subtitle: string;
}

export interface ScreenRoute {
  path: string;
  screen: ComponentType;
  heading: ScreenHeading;
}

/**
 * A screen whose code is fetched only when it is first opened, its own chunk of the build (build.ts splits
 * dynamic imports), so that the page everybody loads first stays small. The shell stays on screen with a
 * spinner meanwhile. A chunk that cannot be fetched (the network, or a new version replaced the running
 * one's files) says so, and Retry loads the page again, with the current version's files.
 */
function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(() =>
    load().then(
      (screen) => ({ default: screen }),
      (error: unknown) => ({ default: () => createElement(LoadError, { title: "This screen could not be loaded.", error, onRetry: () => window.location.reload() }) }),
    ),
  );
  const spinner = createElement("div", { className: "flex justify-center py-16" }, createElement(Spinner, { className: "size-8 border-4", label: "Loading" }));
  return function LazyScreen() {
    return createElement(Suspense, { fallback: spinner }, createElement(Screen));
  };
}

// Every screen but the accounts table's own (the first page, whose parts the Lists tabs share): an
// account's screen, the charts, the task board, the unmatched orders, the integrations and team, the audit trail, and the user's own sessions.
const AnalyticsScreen = lazyScreen(() => import("./screens/Analytics").then((module) => module.AnalyticsScreen));
const SettingsScreen = lazyScreen(() => import("./screens/Settings").then((module) => module.SettingsScreen));
const TasksScreen = lazyScreen(() => import("./screens/Tasks").then((module) => module.TasksScreen));
const AccountScreen = lazyScreen(() => import("./screens/Account").then((module) => module.AccountScreen));
const UnmatchedOrdersScreen = lazyScreen(() => import("./screens/UnmatchedOrders").then((module) => module.UnmatchedOrdersScreen));
const AuditScreen = lazyScreen(() => import("./screens/Audit").then((module) => module.AuditScreen));
const AccountDetailScreen = lazyScreen(() => import("./screens/AccountDetail").then((module) => module.AccountDetailScreen));

const ACCOUNTS_HEADING: ScreenHeading = {
  title: "Accounts",
  subtitle: "Manage customer accounts and relationships",
};

/** Every screen inside the shell; paths that match none of them show the 404 screen. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: "/", screen: AccountsScreen, heading: ACCOUNTS_HEADING },
  { path: "/accounts", screen: AccountsScreen, heading: ACCOUNTS_HEADING },
  { path: "/accounts/:id", screen: AccountDetailScreen, heading: { title: "Account Details", subtitle: "View and manage account information" } },
  { path: "/lists", screen: ListsScreen, heading: { title: "Account Lists", subtitle: "Organize and manage your accounts by category" } },
  { path: "/tasks", screen: TasksScreen, heading: { title: "Task Management", subtitle: "Track and manage follow-up tasks across all accounts" } },
  { path: "/analytics", screen: AnalyticsScreen, heading: { title: "Analytics", subtitle: "Revenue, customers and who is due to reorder" } },
  { path: "/settings", screen: SettingsScreen, heading: { title: "Settings", subtitle: "Manage integrations, automation and your team" } },
  { path: "/unmatched-orders", screen: UnmatchedOrdersScreen, heading: { title: "Unmatched Orders", subtitle: "Orders that came without a customer e-mail, waiting for their account" } },
  { path: "/audit", screen: AuditScreen, heading: { title: "Audit Trail", subtitle: "Who changed what, and when" } },
  { path: "/account", screen: AccountScreen, heading: { title: "My Account", subtitle: "The browsers where you are signed in" } },
];

export const NOT_FOUND_HEADING: ScreenHeading = { title: "Page Not Found", subtitle: "" };
