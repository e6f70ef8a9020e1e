import { matchRoute, useLocation, useRouter } from "wouter";
import { NOT_FOUND_HEADING, SCREEN_ROUTES, type ScreenHeading } from "../../screen-routes";

export function useScreenHeading(): ScreenHeading {
  const [location] = useLocation();
  const { parser } = useRouter();
  const route = SCREEN_ROUTES.find(({ path }) => matchRoute(parser, path, location)[0]);
  return route?.heading ?? NOT_FOUND_HEADING;
}
