/**
 * The address a request came from, for sign-in throttling. Directly, the connection's peer. Behind a
 * reverse proxy (`crm serve --trust-proxy`), the peer is the proxy, and the client is the last address
 * X-Forwarded-For lists: the one the proxy appended itself. The addresses before it are whatever the
 * sender wrote, so taking one of them would let an attacker dodge the limits, or lock a real user out by
 * writing that user's address.
 */
export function clientAddressOf(request: Request, peerAddress: string | undefined, trustProxy: boolean): string {
  const peer = peerAddress ?? "unknown";
  if (!trustProxy) return peer;
  const forwardedFor = request.headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((address) => address.trim())
    .filter((address) => address !== "");
  return forwardedFor?.at(-1) ?? peer;
}

/** Whether the request reached the server over HTTPS: behind a trusted proxy, as the proxy says it reached it. */
export function cameOverHttps(request: Request, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
    if (forwardedProto) return forwardedProto === "https";
  }
  // The URL Bun gives a request is absolute, its scheme in lower case: read without parsing it, on every request.
  return request.url.startsWith("https:");
}

/** The origin the request reached: its Host, with the scheme the browser used (behind a trusted proxy, as the proxy says). */
export function originOf(request: Request, trustProxy: boolean): string {
  const { host } = new URL(request.url);
  return `${cameOverHttps(request, trustProxy) ? "https" : "http"}://${host}`;
}
