import { Route, Switch } from "wouter";
import { SCREEN_ROUTES } from "./screen-routes";
import { NotFoundScreen } from "./screens/NotFound";

export function AppRoutes() {
  return (
    <Switch>
      {SCREEN_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} component={route.screen} />
      ))}
      <Route component={NotFoundScreen} />
    </Switch>
  );
}
