/**
 * The dashboard's paths as the browser and the server both match them: the page's script finds the opened
 * screen's first reads and code by them (web/first-reads.ts), and the server names that code in the page it
 * sends for the URL (server/dashboard-files.ts).
 */

/** Whether a route's path ("/accounts/:id") matches a URL's path; a trailing slash is the same path. */
export function pathMatches(routePath: string, pathname: string): boolean {
  const routeParts = routePath.split("/");
  const parts = (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).split("/");
  return routeParts.length === parts.length && routeParts.every((part, index) => (part.startsWith(":") ? parts[index] !== "" : part === parts[index]));
}
