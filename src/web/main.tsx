import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { mutate, SWRConfig } from "swr";
import { APP_CONFIG_KEY, type AppConfig } from "./api/app-config";
import { SESSION_USER_KEY } from "./api/auth";
import { fetcher, readAsKept } from "./api/client";
import { earlyAnswersCome, forgetEarlyAnswers, untakenEarlyAnswers } from "./api/early-answers";
import { swrConfig } from "./api/swr-config";
import { App } from "./App";
import { askFirstReads } from "./first-reads";
import { ToastProvider } from "./ui/toast/ToastProvider";
import { loadEveryPartOnDemandLater } from "./ui/on-demand";
import { loadScreenAt, preloadScreens } from "./screen-routes";
import { discardUnparsableStoredUser } from "./session/stored-user";
import { fetchSessionUser } from "./session/useSession";

/**
 * How long the first render waits for the opened screen's first reads once the rest is in place. A render
 * without them shows placeholders, and then the content: two renders and two layouts, each longer than the
 * reads usually take. A slow read is shown by its placeholder after this wait.
 */
const FIRST_RENDER_WAITS_FOR_READS_MS = 300;

void showDashboard();

/**
 * The signed-in user, the branding (which the page asked for as it arrived), the screen's code (which the
 * page named) and the shell's and screen's first reads (asked for as the script started) are in place for
 * the first render, so that it shows the shell and the screen's content rather than a spinner and then
 * placeholders. A read that fails here, or has not come in time, is left to its screen, which asks again
 * (taking over the answer under way) and says what failed. (An async function, not awaits at the top of the
 * module, which would make the build split the dashboard into dozens of chunks.)
 */
async function showDashboard() {
  discardUnparsableStoredUser();
  const firstReadsAsked = askFirstReads(window.location).catch(() => undefined);
  const [user, config] = await Promise.all([
    fetchSessionUser(SESSION_USER_KEY).catch(() => undefined),
    fetcher<AppConfig>(APP_CONFIG_KEY).catch(() => undefined),
    loadScreenAt(window.location.pathname),
  ]);
  if (user !== undefined) await mutate(SESSION_USER_KEY, user, { revalidate: false });
  if (config !== undefined) await mutate(APP_CONFIG_KEY, config, { revalidate: false });
  await Promise.race([firstReadsAsked.then(earlyAnswersCome), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_FOR_READS_MS))]);
  const cached = untakenEarlyAnswers();
  await Promise.all(cached.map(async ([url, answer]) => mutate(url, await readAsKept(answer), { revalidate: false })));
  const forgetCachedAnswers = () => forgetEarlyAnswers(cached.map(([url]) => url));
  preloadScreens();
  loadEveryPartOnDemandLater();

  const rootElement = document.getElementById("root");
  if (!rootElement) throw new Error("index.html has no #root element");
  createRoot(rootElement).render(
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <ToastProvider>
          <App />
        </ToastProvider>
        <AfterTheFirstFrame run={forgetCachedAnswers} />
      </SWRConfig>
    </StrictMode>,
  );
}

/**
 * Runs once the first render is on screen and the frame after it has run: a read that fetches again as it
 * mounts (Settings' do, to show what another administrator may have changed) asks on that frame, and takes
 * its answer from those in the cache then, rather than asking the server a second time.
 */
function AfterTheFirstFrame({ run }: { run: () => void }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Effects run after every layout effect of the render, where SWR puts its reads' frame callbacks: this one comes after theirs.
    const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [run]);
  return null;
}
