import { createElement, lazy, Suspense, type ComponentType } from "react";
import { LoadError } from "./components/LoadError";
import { Spinner } from "./components/Spinner";
import { AccountScreen } from "./screens/Account";
import { AccountDetailScreen } from "./screens/AccountDetail";
import { AccountsScreen } from "./screens/Accounts";
import { ListsScreen } from "./screens/Lists";
import { TasksScreen } from "./screens/Tasks";

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

// The two screens furthest from daily work, and among the largest: the charts, and the integrations and team.
const AnalyticsScreen = lazyScreen(() => import("./screens/Analytics").then((module) => module.AnalyticsScreen));
const SettingsScreen = lazyScreen(() => import("./screens/Settings").then((module) => module.SettingsScreen));

const ACCOUNTS_HEADING: ScreenHeading = {
  title: "Accounts",
  subtitle: "Manage customer accounts and relationships",
};

/** Every screen inside the shell; paths that match none of them show the 404 screen. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: "/", screen: AccountsScreen, heading: ACCOUNTS_HEADING },
  { path: "/accounts", screen: AccountsScreen, heading: ACCOUNTS_HEADING },
  {
    path: "/accounts/:id",
    screen: AccountDetailScreen,
    heading: { title: "Account Details", subtitle: "View and manage account information" },
  },
  {
    path: "/lists",
    screen: ListsScreen,
    heading: { title: "Account Lists", subtitle: "Organize and manage your accounts by category" },
  },
  {
    path: "/tasks",
    screen: TasksScreen,
    heading: { title: "Task Management", subtitle: "Track and manage follow-up tasks across all accounts" },
  },
  {
    path: "/analytics",
    screen: AnalyticsScreen,
    heading: { title: "Analytics", subtitle: "Revenue, customers and who is due to reorder" },
  },
  {
    path: "/settings",
    screen: SettingsScreen,
    heading: { title: "Settings", subtitle: "Manage integrations, automation and your team" },
  },
  {
    path: "/account",
    screen: AccountScreen,
    heading: { title: "My Account", subtitle: "The browsers where you are signed in" },
  },
];

export const NOT_FOUND_HEADING: ScreenHeading = { title: "Page Not Found", subtitle: "" };
