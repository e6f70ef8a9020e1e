import { createElement, type ComponentType, type FunctionComponent, useEffect, useState } from "react";
import { LoadError } from "./ui/LoadError";
import { Spinner } from "./ui/Spinner";
import { AccountsScreen } from "./screens/Accounts";
import { SCREEN_CODE } from "./screen-code";
import { onDemand } from "./ui/on-demand";
import { pathMatches, SCREEN_CHUNKS_ID } from "../contracts/dashboard-paths.ts";

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
 * A screen whose code is its own chunk of the build (screen-code.ts), code on demand (ui/on-demand.ts) as the
 * widgets' is. The chunk is fetched before the first render for the page's own screen (loadScreenAt), when preloadScreens asks for the others (once the page is
 * idle) or, at the latest, when the screen is first opened; the shell stays on screen with a spinner
 * meanwhile, and the screen replaces it the moment its code is in. Not React's `lazy` with Suspense: React
 * holds a fallback it has shown for 300 ms before revealing what replaces it, so an account opened before
 * its code had come showed up to 300 ms late. A chunk that cannot be fetched (the network, or a new version
 * replaced the running one's files) says so, and Retry loads the page again, with the current version's
 * files.
 */
interface LazyScreen extends FunctionComponent {
  /** Starts fetching the screen's code, once. */
  preload(): Promise<unknown>;
}

function lazyScreen(screenPath: keyof typeof SCREEN_CODE): LazyScreen {
  const code = onDemand(() => {
    askForScreenChunks(screenPath);
    return SCREEN_CODE[screenPath]();
  });
  const failed = (error: unknown) => () => createElement(LoadError, { title: "This screen could not be loaded.", error, onRetry: () => window.location.reload() });
  const spinner = createElement("div", { className: "flex justify-center py-16" }, createElement(Spinner, { className: "size-8 border-4", label: "Loading" }));
  function LazyScreen() {
    const [Screen, setScreen] = useState(() => code.loaded);
    useEffect(() => {
      if (Screen === undefined) code.load().then((screen) => setScreen(() => screen), (error: unknown) => setScreen(() => failed(error)));
    }, [Screen]);
    return Screen === undefined ? spinner : createElement(Screen);
  }
  return Object.assign(LazyScreen, { preload: () => code.load().catch(() => undefined) });
}

const ListsScreen = lazyScreen("/lists");
const AnalyticsScreen = lazyScreen("/analytics");
const SettingsScreen = lazyScreen("/settings");
const TasksScreen = lazyScreen("/tasks");
const AccountScreen = lazyScreen("/account");
const UnmatchedOrdersScreen = lazyScreen("/unmatched-orders");
const AuditScreen = lazyScreen("/audit");
const AccountDetailScreen = lazyScreen("/accounts/:id");

/**
 * Asks for every chunk of a screen's code at once, as the page's table (SCREEN_CHUNKS_ID) lists them: the
 * browser would otherwise ask for the chunks the screen's chunk imports only once it had arrived and the
 * busy page had read it. A page without the table (served from the source, as Bun bundles it on the fly)
 * leaves the imports to the browser.
 */
function askForScreenChunks(screenPath: string): void {
  screenChunks ??= JSON.parse(document.getElementById(SCREEN_CHUNKS_ID)?.textContent ?? "{}") as Record<string, string[]>;
  for (const chunk of screenChunks[screenPath] ?? []) {
    // Screens share chunks: each is asked for once.
    if (askedChunks.has(chunk)) continue;
    askedChunks.add(chunk);
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: chunk, crossOrigin: "anonymous" }));
  }
}
let screenChunks: Record<string, string[]> | undefined;
const askedChunks = new Set<string>();

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

/**
 * The code of the screen at `pathname`, if it has code of its own: resolves once it is in, so that the first
 * render shows the screen rather than a spinner (React holds a fallback it has shown for up to 300 ms).
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const route = SCREEN_ROUTES.find((candidate) => "preload" in candidate.screen && pathMatches(candidate.path, pathname));
  return route === undefined ? Promise.resolve() : (route.screen as LazyScreen).preload();
}

/**
 * Starts fetching every screen's code as soon as the page has loaded and the browser is idle, so that
 * opening one waits only for its data (the page's own screen's code is in already: loadScreenAt).
 */
export function preloadScreens(): void {
  const preloadAll = () => SCREEN_ROUTES.forEach((route) => "preload" in route.screen && void (route.screen as LazyScreen).preload());
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(preloadAll) : setTimeout(preloadAll));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
