/**
 * The dashboard's paths as the browser and the server both match them: the page's script finds the opened
 * screen's first reads and code by them (web/first-reads.ts), and the server names that code in the page it
 * sends for the URL (server/dashboard-files.ts).
 */

/**
 * What the page asks for before anything else, whoever opens it: the signed-in user and the branding. Named in
 * the page (`preload`), the browser asks for them as it reads it, while the scripts are still downloading and
 * starting, instead of after; the dashboard's own fetches of them, credentials included, take these answers
 * over, which only a fetch of each alone does (web/api/reads-together.ts).
 */
export const PAGE_PRELOADED_READS: readonly string[] = ["/api/auth/me", "/api/config"];

/**
 * The id of the page's table of every screen's chunks, `{"/tasks":["/chunk-….js", …]}`: the screen's own
 * chunk and those it imports that the page does not preload. The server writes it into the page, and the
 * dashboard asks for all of a screen's chunks at once when it opens the screen, where the browser would
 * find each import only once the chunk importing it had arrived and been read.
 */
export const SCREEN_CHUNKS_ID = "screen-chunks";

/** Whether a route's path ("/accounts/:id") matches a URL's path; a trailing slash is the same path. */
export function pathMatches(routePath: string, pathname: string): boolean {
  const routeParts = routePath.split("/");
  const parts = (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).split("/");
  return routeParts.length === parts.length && routeParts.every((part, index) => (part.startsWith(":") ? parts[index] !== "" : part === parts[index]));
}
