import type { ComponentType } from "react";
import { AccountScreen } from "./screens/Account";
import { AccountDetailScreen } from "./screens/AccountDetail";
import { AccountsScreen } from "./screens/Accounts";
import { ListsScreen } from "./screens/Lists";
import { SettingsScreen } from "./screens/Settings";
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
