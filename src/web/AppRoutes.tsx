import { useRef } from "react";
import { useSWRConfig } from "swr";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { askScreenReadsAhead } from "./first-reads";
import { loadScreenAt, SCREEN_ROUTES } from "./screen-routes";
import { NotFoundScreen } from "./screens/NotFound";
import type { SessionUser } from "./session/session-user";

/** The signed-in user's screens, each opened with its code and first reads already asked for. */
export function AppRoutes({ user }: { user: SessionUser }) {
  useScreenReadsAhead(user);
  return (
    <Switch>
      {SCREEN_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} component={route.screen} />
      ))}
      <Route component={NotFoundScreen} />
    </Switch>
  );
}

/** Asks for an opened screen's code and first reads as the URL changes, before the screen renders (first-reads.ts). */
function useScreenReadsAhead(user: SessionUser): void {
  const [pathname] = useLocation();
  const search = useSearch();
  const { cache } = useSWRConfig();
  const askedFor = useRef<string | null>(null);
  const opened = `${user.id} ${pathname}?${search}`;
  if (askedFor.current === opened) return;
  askedFor.current = opened;
  // The screen's code first: asked for after its reads, it would wait for a connection behind them.
  void loadScreenAt(pathname);
  askScreenReadsAhead({ pathname, search }, user, cache);
}
