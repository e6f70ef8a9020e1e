import { useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint (48rem): narrower than this is a phone's layout. */
export const WIDE_SCREEN_QUERY = "(min-width: 48rem)";

/**
 * Whether the window matches a media query, kept up to date as it is resized or turned. For what CSS
 * alone cannot switch: a different component tree, such as cards in place of a table's rows.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
