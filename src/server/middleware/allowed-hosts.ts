import { isIP } from "node:net";

/**
 * Which Host headers the server answers. A page on another site can make a browser send requests to
 * this server under the other site's own name, by pointing that name at this machine (DNS rebinding); the
 * browser then treats the answers as that site's, past every same-origin rule. Such a request names a host
 * the server was never given, so anything but the names it knows is refused:
 * - any IP address (the attack needs a name; a browser at http://192.168.1.20:3000 is the user);
 * - localhost, and the address the server listens on;
 * - the names in `--allowed-hosts` (a reverse proxy's public name: crm.example.com).
 */
export class AllowedHosts {
  private readonly names: ReadonlySet<string>;
  /**
   * The verdict for each authority (host and port) a request's URL named, as the server hears the same few
   * all day: parsing every request's URL again cost more than the rest of answering a remembered page.
   * Bounded, so that a caller naming ever new hosts makes it no larger.
   */
  private readonly verdicts = new Map<string, boolean>();

  constructor(listenHostname: string, configured: readonly string[]) {
    this.names = new Set(["localhost", listenHostname, ...configured].map((name) => name.trim().toLowerCase()).filter((name) => name !== ""));
  }

  /** Parses `--allowed-hosts` (env CRM_ALLOWED_HOSTS): host names separated by commas, without ports. */
  static parse(setting: string | undefined): string[] {
    return (setting ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
  }

  allows(request: Request): boolean {
    const url = request.url;
    const authorityStart = url.indexOf("//") + 2;
    const authorityEnd = url.indexOf("/", authorityStart);
    const authority = url.slice(authorityStart, authorityEnd === -1 ? url.length : authorityEnd);
    let verdict = this.verdicts.get(authority);
    if (verdict === undefined) {
      const hostname = new URL(url).hostname.toLowerCase();
      verdict = isIP(hostname.replace(/^\[|\]$/g, "")) !== 0 || this.names.has(hostname);
      if (this.verdicts.size < MAX_REMEMBERED_VERDICTS) this.verdicts.set(authority, verdict);
    }
    return verdict;
  }

  /** The answer to a request for a host the server does not know. */
  refusal(request: Request): Response {
    const message = `This server does not answer to the name ${new URL(request.url).hostname}: start it with --allowed-hosts naming it`;
    if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ message }, { status: 403 });
    return new Response(message, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}

const MAX_REMEMBERED_VERDICTS = 100;
