import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { PAGE_PRELOADED_READS, pathMatches, SCREEN_CHUNKS_ID } from "../contracts/dashboard-paths.ts";
import { INTL_WARM_UP_SCRIPT } from "./intl-warm-up.ts";

/** A file of the built dashboard as Bun's HTML import lists it: its place in the binary and Bun's headers (type, ETag). */
export interface DashboardFile {
  path: string;
  headers: Record<string, string>;
}

export interface DashboardBundle {
  index: string;
  files: readonly DashboardFile[];
}

/**
 * The build names every file but the page after a hash of its content (chunk-0vs7a46h.js): a browser may
 * keep one for a year without asking again, and a new version's files have new names.
 */
export const HASHED_FILE_CACHING = "public, max-age=31536000, immutable";
/** The page is asked for again each time (a 304 while unchanged), so that a new version is picked up at once. */
export const PAGE_CACHING = "no-cache";
/** Below this, compressing saves less than its own headers cost. */
const SMALLEST_COMPRESSED_BYTES = 1024;

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  encoding?: "gzip";
}

interface ServedFile {
  headers: Record<string, string>;
  identity: Variant;
  gzipped?: Variant;
}

/**
 * The built dashboard's files, held in memory as the browser is sent them: the page with its scripts'
 * imports named for preloading, every file gzipped (once, off the event loop, at start; `ready` resolves
 * when done) for browsers that accept it, and cached by the browser as long as its name allows. Brotli
 * would save another 5-13% at its best quality, for two seconds of a core at every start.
 */
export class DashboardFiles {
  /** Resolves once every gzipped copy is made; until then files are sent as they are. */
  readonly ready: Promise<void>;
  private readonly served = new Map<string, ServedFile>();
  /** The page as sent for each screen with code of its own, naming that code too; the page as built for every other path. */
  private readonly screenPages: { screenPath: string; page: ServedFile }[] = [];
  private readonly urlPaths: string[] = [];

  constructor(bundle: DashboardBundle) {
    // The page links its scripts and stylesheet by their place beside it.
    const urlPathOf = (file: DashboardFile) => `/${path.relative(path.dirname(bundle.index), file.path)}`;
    const contents = new Map(bundle.files.map((file) => [urlPathOf(file), readFileSync(file.path)]));
    // Each script is read as text once: every variant of the page walks the same imports.
    const texts = new Map<string, string | undefined>();
    const readScript = (urlPath: string) => {
      if (!texts.has(urlPath)) texts.set(urlPath, contents.get(urlPath)?.toString());
      return texts.get(urlPath);
    };
    const compressions: Promise<void>[] = [];
    const serve = (content: Uint8Array<ArrayBuffer>, headers: Record<string, string>, etag: string): ServedFile => {
      const served: ServedFile = { headers, identity: { body: content, etag } };
      if (content.byteLength >= SMALLEST_COMPRESSED_BYTES) {
        compressions.push(gzipped(content, { level: 9 }).then((body) => void (served.gzipped = { body: new Uint8Array(body), etag: `${etag}-gzip`, encoding: "gzip" })));
      }
      return served;
    };
    for (const file of bundle.files) {
      const isPage = file.path === bundle.index;
      const built = contents.get(urlPathOf(file))!;
      // The page's ETag is Bun's, of the page as built; the preload links are worked out from the build's own files, so they change only with it.
      const etag = file.headers.etag ?? "";
      const headers = { ...file.headers, "cache-control": isPage ? PAGE_CACHING : HASHED_FILE_CACHING, vary: "Accept-Encoding" };
      const urlPath = isPage ? "/*" : urlPathOf(file);
      this.urlPaths.push(urlPath);
      if (!isPage) {
        this.served.set(urlPath, serve(new Uint8Array(built), headers, etag));
        continue;
      }
      const page = built.toString();
      const screens = screenCodeOf(page, readScript);
      this.served.set(urlPath, serve(new TextEncoder().encode(withPreloads(page, readScript, screens)), headers, etag));
      for (const [index, [screenPath, screenChunk]] of [...screens].entries()) {
        this.screenPages.push({ screenPath, page: serve(new TextEncoder().encode(withPreloads(page, readScript, screens, screenChunk)), headers, `${etag}-screen${index}`) });
      }
    }
    this.ready = Promise.all(compressions).then(() => undefined);
  }

  /** The URL paths to route here: each file's own, and "/*" for the page, which every other path is answered with. */
  routes(): readonly string[] {
    return this.urlPaths;
  }

  /** The file routed at `urlPath`, gzipped if the browser accepts it and the copy is made, or 304 when the browser's copy is current. */
  answer(urlPath: string, request: Request, extraHeaders: Record<string, string>): Response {
    const pathname = new URL(request.url).pathname;
    const file = (urlPath === "/*" ? this.screenPages.find((screen) => pathMatches(screen.screenPath, pathname))?.page : undefined) ?? this.served.get(urlPath);
    if (file === undefined) return new Response(null, { status: 404, headers: extraHeaders });
    const variant = file.gzipped !== undefined && acceptsGzip(request.headers.get("accept-encoding") ?? "") ? file.gzipped : file.identity;
    const headers: Record<string, string> = { ...file.headers, etag: variant.etag, ...extraHeaders };
    if (variant.encoding !== undefined) headers["content-encoding"] = variant.encoding;
    if (request.headers.get("if-none-match") === variant.etag) return new Response(null, { status: 304, headers });
    return new Response(variant.body, { headers });
  }
}

/** Whether an Accept-Encoding header names gzip (or any encoding) without refusing it with q=0. */
export function acceptsGzip(header: string): boolean {
  return header.split(",").some((part) => {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    return (name === "gzip" || name === "*") && !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
  });
}

/** On libuv's threads, so that a starting server keeps answering meanwhile. */
const gzipped = promisify(gzip);

/**
 * The page with, first in its <head>, the script that sets up Intl while the rest loads (intl-warm-up.ts)
 * and a preload of its first reads (the session and the branding), asked for before the scripts so that
 * they do not wait for one of the browser's six connections behind them (on a screen of nine scripts the
 * session came at 182 ms, after them, and now at 84); before its </head>, a modulepreload link for every
 * script its entry script imports (and they import in turn), for the opened screen's own code when it has
 * some (and what that imports), and the table of every screen's chunks (SCREEN_CHUNKS_ID), from `screens`
 * (screenCodeOf, worked out once for all the page's variants). A browser otherwise finds an import only
 * once the script importing it has arrived, one round trip after another, and the screen's code only once
 * the dashboard's has started.
 */
export function withPreloads(html: string, readScript: (urlPath: string) => string | undefined, screens: ReadonlyMap<string, string>, screenChunk?: string): string {
  const entries = [...html.matchAll(/<script[^>]*\ssrc="(\/[^"]+\.js)"/g)].map((match) => match[1]!);
  // The page's scripts, then those it preloads: what the browser has or is fetching before any screen opens.
  const loadedFirst = new Set(entries);
  const preloaded: string[] = [];
  for (const starts of [entries, screenChunk === undefined ? [] : [screenChunk]]) {
    for (const chunk of importsOf(starts, readScript, loadedFirst)) {
      preloaded.push(chunk);
      loadedFirst.add(chunk);
    }
  }
  const reads = PAGE_PRELOADED_READS.map((read) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`);
  const modules = preloaded.map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`);
  const screenChunks = Object.fromEntries([...screens].map(([screenPath, chunk]) => [screenPath, importsOf([chunk], readScript, loadedFirst)]));
  const table = `<script type="application/json" id="${SCREEN_CHUNKS_ID}">${JSON.stringify(screenChunks).replaceAll("<", "\\u003c")}</script>`;
  return html.replace("<head>", `<head><script>${INTL_WARM_UP_SCRIPT}</script>${reads.join("")}`).replace("</head>", `${modules.join("")}${table}</head>`);
}

/**
 * The scripts `starts` are and import, however deeply, in the order found, but those in `known`. A chunk
 * imports another as the build writes it: `from"/chunk-….js"` or `import"/chunk-….js"`.
 */
function importsOf(starts: readonly string[], readScript: (urlPath: string) => string | undefined, known: ReadonlySet<string>): string[] {
  const found = starts.filter((start) => !known.has(start));
  const pending = [...starts];
  while (pending.length > 0) {
    const code = readScript(pending.pop()!) ?? "";
    for (const [, chunk] of code.matchAll(/(?:\bfrom|\bimport)\s*"(\/[^"]+\.js)"/g)) {
      if (known.has(chunk!) || found.includes(chunk!)) continue;
      found.push(chunk!);
      pending.push(chunk!);
    }
  }
  return found;
}

/**
 * Each screen with code of its own, by its route's path, and the chunk of that code: the dashboard's table
 * of them (web/screen-code.ts), as the build writes it, `"/analytics":()=>import("/chunk-….js")`, somewhere
 * in the scripts the page's entry imports.
 */
export function screenCodeOf(html: string, readScript: (urlPath: string) => string | undefined): Map<string, string> {
  const scripts = new Set([...html.matchAll(/<script[^>]*\ssrc="(\/[^"]+\.js)"/g)].map((match) => match[1]!));
  const screens = new Map<string, string>();
  for (const script of scripts) {
    const code = readScript(script) ?? "";
    for (const [, screenPath, chunk] of code.matchAll(/"(\/[^"]*)"\s*:\s*\(\)\s*=>\s*import\(\s*"(\/[^"]+\.js)"\s*\)/g)) screens.set(screenPath!, chunk!);
    for (const [, chunk] of code.matchAll(/(?:\bfrom|\bimport)\s*"(\/[^"]+\.js)"/g)) scripts.add(chunk!);
  }
  return screens;
}
