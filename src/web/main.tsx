import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { mutate, SWRConfig } from "swr";
import { APP_CONFIG_KEY, type AppConfig } from "./api/app-config";
import { SESSION_USER_KEY } from "./api/auth";
import { fetcher } from "./api/client";
import { swrConfig } from "./api/swr-config";
import { App } from "./App";
import { askFirstReads } from "./first-reads";
import { ToastProvider } from "./ui/toast/ToastProvider";
import { loadScreenAt, preloadScreens } from "./screen-routes";
import { discardUnparsableStoredUser } from "./session/stored-user";
import { fetchSessionUser } from "./session/useSession";

void showDashboard();

/**
 * The opened screen's first reads are under way while the dashboard renders, and the signed-in user, the
 * branding (which the page asked for as it arrived) and the screen's code (which the page named) are in
 * place for its first render, so that it shows the shell and the screen rather than a spinner. A read that
 * fails here is left to its screen, which asks again and says what failed. (An async function, not awaits
 * at the top of the module, which would make the build split the dashboard into dozens of chunks.)
 */
async function showDashboard() {
  discardUnparsableStoredUser();
  askFirstReads(window.location).catch(() => undefined);
  const [user, config] = await Promise.all([
    fetchSessionUser(SESSION_USER_KEY).catch(() => undefined),
    fetcher<AppConfig>(APP_CONFIG_KEY).catch(() => undefined),
    loadScreenAt(window.location.pathname),
  ]);
  if (user !== undefined) await mutate(SESSION_USER_KEY, user, { revalidate: false });
  if (config !== undefined) await mutate(APP_CONFIG_KEY, config, { revalidate: false });
  preloadScreens();

  const rootElement = document.getElementById("root");
  if (!rootElement) throw new Error("index.html has no #root element");
  createRoot(rootElement).render(
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </SWRConfig>
    </StrictMode>,
  );
}
